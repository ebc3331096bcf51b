// antd-mobile's default renderer for imperative UI (Toast.show, Dialog.confirm) is rc-util's
// ReactDOM.render wrapper, which React 19 no longer supports. shared/src/ui/antd-react19.ts gives
// antd-mobile a createRoot renderer before anything renders, so the default is never called and
// only cost ~3 KB gzip (with the regenerator runtime it pulls in). It fails loudly if reached.
const notUsed = () => {
  throw new Error('antd-mobile rendered before shared/src/ui/antd-react19 set its React 19 renderer');
};
export const render = notUsed;
export const unmount = notUsed;
