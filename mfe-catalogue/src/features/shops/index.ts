// The shops feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { shopsApi } from './api';
export { default as HotShopsStrip } from './components/hot-shops-strip';
export { idParam } from './id-param';
export { default as ShopTile } from './components/shop-tile';
