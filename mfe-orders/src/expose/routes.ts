import type { RouteDefinition } from '@marketplace/shared';
import { lazy } from 'react';

// This remote's routes, written once: the build publishes their metadata as routes.json (the
// shell's tab bar, history, guard and titles read it) and `./screens` shows each path's screen.
// One chunk per screen: the order list does not download the checkout or the uploaders.
const OrderListScreen = lazy(() => import('../features/orders/components/order-list-screen'));
const OrderDetailScreen = lazy(() => import('../features/order-detail/components/order-detail-screen'));
const CheckoutScreen = lazy(() => import('../features/checkout/components/checkout-screen'));
const RefundScreen = lazy(() => import('../features/refund/components/refund-screen'));
const CommentScreen = lazy(() => import('../features/comment/components/comment-screen'));
const PayResultScreen = lazy(() => import('../features/payment/components/pay-result-screen'));

export const routes = [
  {
    path: '/myPurchases/:status?',
    titleKey: 'orders:title.myPurchases',
    public: false,
    keepAlive: false,
    screen: OrderListScreen,
  },
  { path: '/order', titleKey: 'orders:title.order', public: false, keepAlive: false, screen: OrderListScreen },
  {
    path: '/orderInfo/:id?',
    titleKey: 'orders:title.orderInfo',
    public: false,
    keepAlive: false,
    screen: OrderDetailScreen,
  },
  { path: '/checkout', titleKey: 'orders:title.checkout', public: false, keepAlive: false, screen: CheckoutScreen },
  {
    path: '/refund/:id?/:sn?/:product_ids?/:amount?',
    titleKey: 'orders:title.refund',
    public: false,
    keepAlive: false,
    screen: RefundScreen,
  },
  { path: '/comment', titleKey: 'orders:title.comment', public: false, keepAlive: false, screen: CommentScreen },
  // After paying: "Pay Success" with the orders, the balance left and what next (requirements §7).
  {
    path: '/payResult/:ids?',
    titleKey: 'orders:title.payResult',
    public: false,
    keepAlive: false,
    screen: PayResultScreen,
  },
] satisfies RouteDefinition[];
