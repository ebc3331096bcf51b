import React, { lazy } from 'react';
import { loadLocaleFile, registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_orders');

// One chunk per screen: the order list does not download the checkout or the uploaders.
const OrderListScreen = lazy(() => import('../features/orders/components/order-list-screen'));
const OrderDetailScreen = lazy(() => import('../features/order-detail/components/order-detail-screen'));
const CheckoutScreen = lazy(() => import('../features/checkout/components/checkout-screen'));
const RefundScreen = lazy(() => import('../features/refund/components/refund-screen'));
const CommentScreen = lazy(() => import('../features/comment/components/comment-screen'));

const orders: RemoteModule = {
  namespace: 'orders',
  // This build's language files (static assets beside remoteEntry.js), fetched by URL.
  loadMessages: (lang) => loadLocaleFile(lang, `${__webpack_public_path__}${process.env.LOCALES_DIR}/orders`),
  screens: {
    '/myPurchases/:status?': OrderListScreen,
    '/order': OrderListScreen,
    '/orderInfo/:id?': OrderDetailScreen,
    '/checkout': CheckoutScreen,
    '/refund/:id?/:sn?/:product_ids?/:amount?': RefundScreen,
    '/comment': CommentScreen,
  },
};

export default orders;
