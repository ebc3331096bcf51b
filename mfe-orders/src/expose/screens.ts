import { lazy } from 'react';
import type { RemoteModule } from '@marketplace/shared';

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
