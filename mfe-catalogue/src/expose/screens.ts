import React, { lazy } from 'react';
import { registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_catalogue');

const HomeScreen = lazy(() => import('../features/home/components/home-screen'));
const ExploreScreen = lazy(() => import('../features/explore/components/explore-screen'));
const BagScreen = lazy(() => import('../features/bag/components/bag-screen'));
const FilterScreen = lazy(() => import('../features/filter/components/filter-screen'));

const catalogue: RemoteModule = {
  namespace: 'catalogue',
  loadMessages: async (lang) => {
    try {
      return (await import(`../locales/${lang}.json`)).default;
    } catch {
      return (await import('../locales/en.json')).default;
    }
  },
  screens: {
    '/index': HomeScreen,
    '/home': HomeScreen,
    '/explore': ExploreScreen,
    '/bag': BagScreen,
    '/filter': FilterScreen,
  },
};

export default catalogue;
