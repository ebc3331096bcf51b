import type { RouteDefinition } from '@marketplace/shared';
import { lazy } from 'react';

// This remote's routes, written once: the build publishes their metadata as routes.json (the
// shell's tab bar, history, guard and titles read it) and `./screens` shows each path's screen.
const TopUpScreen = lazy(() => import('../features/top-up/components/top-up-screen'));
const EvidenceTopUpScreen = lazy(() => import('../features/top-up/components/evidence-top-up-screen'));
const CardTopUpScreen = lazy(() => import('../features/top-up/components/card-top-up-screen'));
const TopUpRecordScreen = lazy(() => import('../features/records/components/top-up-record-screen'));
const WithdrawScreen = lazy(() => import('../features/withdraw/components/withdraw-screen'));
const WithdrawalRecordScreen = lazy(() => import('../features/records/components/withdrawal-record-screen'));
const CapitalRecordScreen = lazy(() => import('../features/fund/components/capital-record-screen'));
const PaymentScreen = lazy(() => import('../features/payment/components/payment-screen'));

export const routes = [
  { path: '/topUp', titleKey: 'wallet:title.topUp', public: false, keepAlive: false, screen: TopUpScreen },
  {
    path: '/walletTopUp',
    titleKey: 'wallet:title.walletTopUp',
    public: false,
    keepAlive: false,
    screen: EvidenceTopUpScreen,
  },
  { path: '/cardTopUp', titleKey: 'wallet:title.cardTopUp', public: false, keepAlive: false, screen: CardTopUpScreen },
  {
    path: '/topUpRecord',
    titleKey: 'wallet:title.topUpRecord',
    public: false,
    keepAlive: false,
    screen: TopUpRecordScreen,
  },
  { path: '/withDraw', titleKey: 'wallet:title.withDraw', public: false, keepAlive: false, screen: WithdrawScreen },
  {
    path: '/depositRecord',
    titleKey: 'wallet:title.depositRecord',
    public: false,
    keepAlive: false,
    screen: WithdrawalRecordScreen,
  },
  {
    path: '/capitalRecord',
    titleKey: 'wallet:title.capitalRecord',
    public: false,
    keepAlive: false,
    screen: CapitalRecordScreen,
  },
  { path: '/payment', titleKey: 'wallet:title.payment', public: false, keepAlive: false, screen: PaymentScreen },
] satisfies RouteDefinition[];
