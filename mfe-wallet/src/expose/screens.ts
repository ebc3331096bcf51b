import { lazy } from 'react';
import type { RemoteModule } from '@marketplace/shared';

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
