// `resize-observer-polyfill` (ahooks' useSize, under antd-mobile) resolves here: every browser the
// build targets (chrome >= 100, safari >= 15, firefox >= 100) has ResizeObserver, so the ~2 KB gzip
// polyfill would never run.
export default globalThis.ResizeObserver;
