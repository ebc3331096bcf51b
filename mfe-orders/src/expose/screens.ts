import React, { lazy } from 'react';
import { registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_orders');

const OrderListScreen = lazy(() => import('../features/orders/components/order-list-screen'));

const orders: RemoteModule = {
  namespace: 'orders',
  loadMessages: async (lang) => {
    try {
      return (await import(`../locales/${lang}.json`)).default;
    } catch {
      return (await import('../locales/en.json')).default;
    }
  },
  screens: {
    '/myPurchases/:status?': OrderListScreen,
    '/order': OrderListScreen,
  },
};

export default orders;
