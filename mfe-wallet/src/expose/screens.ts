import React, { lazy } from 'react';
import { registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_wallet');

const TopUpScreen = lazy(() => import('../features/top-up/components/top-up-screen'));

const wallet: RemoteModule = {
  namespace: 'wallet',
  loadMessages: async (lang) => {
    try {
      return (await import(`../locales/${lang}.json`)).default;
    } catch {
      return (await import('../locales/en.json')).default;
    }
  },
  screens: {
    '/topUp': TopUpScreen,
  },
};

export default wallet;
