import React from 'react';
import { loadLocaleFile, registerReactCopy, type RemoteModule } from '@marketplace/shared';
import { routes } from './routes';

registerReactCopy(React, 'mfe_orders');

const orders: RemoteModule = {
  namespace: 'orders',
  // This build's language files (static assets beside remoteEntry.js), fetched by URL.
  loadMessages: (lang) => loadLocaleFile(lang, `${__webpack_public_path__}${process.env.LOCALES_DIR}/orders`),
  // Each path's screen, from the route module (routes.ts); a remote's code, not shared's, so an older
  // shared singleton runs it too.
  screens: Object.fromEntries(routes.map((route) => [route.path, route.screen])),
};

export default orders;
