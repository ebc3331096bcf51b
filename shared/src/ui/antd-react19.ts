import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/*
 * antd-mobile 5 renders imperative UI (Toast.show, Dialog.confirm) with ReactDOM.render, which
 * React 19 removed. Its documented fix is to hand it a createRoot renderer once; shared is the
 * one copy every area loads, so doing it here covers the shell and all remotes.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // Unmounting during the render that asked for it makes React warn; wait one task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
