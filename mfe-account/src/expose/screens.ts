import { registerReactCopy, type RemoteModule } from '@marketplace/shared';
import * as React from 'react';
import { loadAccountMessages } from '../locales/load-messages';
import { routes } from './routes';

registerReactCopy(React, 'mfe_account');

const accountRemote: RemoteModule = {
  namespace: 'account',
  loadMessages: loadAccountMessages,
  // Each path's screen, from the route module (routes.ts); a remote's code, not shared's, so an older
  // shared singleton runs it too.
  screens: Object.fromEntries(routes.map((route) => [route.path, route.screen])),
};

export default accountRemote;
