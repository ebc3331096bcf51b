import React, { lazy } from 'react';
import { loadWithFallback, registerReactCopy, type Messages, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_wallet');

const TopUpScreen = lazy(() => import('../features/top-up/components/top-up-screen'));

const wallet: RemoteModule = {
  namespace: 'wallet',
  loadMessages: (lang) =>
    loadWithFallback(lang, async (code) => (await import(`../locales/${code}.json`)).default as Messages),
  screens: {
    '/topUp': TopUpScreen,
  },
};

export default wallet;
