// `import { ErrorBlock } from 'antd-mobile'` lands here (ANTD_ERROR_BLOCK_ALIAS in index.mjs): antd-mobile's
// own ErrorBlock (createErrorBlock, its styles, its four pictures), except that the pictures (~10 KB
// gzip of SVG) are downloaded when an error block first shows instead of with the first screen. Text,
// buttons and roles render at once; the picture's box keeps its height (error-block.css), so nothing
// moves when it arrives.
import { createElement, lazy, Suspense } from 'react';
import { createErrorBlock } from 'antd-mobile-error-block/create-error-block';
import 'antd-mobile-error-block/error-block.css';

const loadImages = () => import(/* webpackChunkName: "error-block-images" */ 'antd-mobile-error-block/images');

/** @param {'busyImage' | 'defaultImage' | 'disconnectedImage' | 'emptyImage'} name */
const lazyImage = (name) => {
  const Image = lazy(() => loadImages().then((images) => ({ default: () => images[name] })));
  return createElement(Suspense, { fallback: null }, createElement(Image));
};

export const ErrorBlock = createErrorBlock({
  default: lazyImage('defaultImage'),
  disconnected: lazyImage('disconnectedImage'),
  empty: lazyImage('emptyImage'),
  busy: lazyImage('busyImage'),
});
export { createErrorBlock };
export default ErrorBlock;
