import React, { lazy } from 'react';
import { loadLocaleFile, registerReactCopy, type RemoteModule } from '@marketplace/shared';

registerReactCopy(React, 'mfe_wallet');

const TopUpScreen = lazy(() => import('../features/top-up/components/top-up-screen'));
const EvidenceTopUpScreen = lazy(() => import('../features/top-up/components/evidence-top-up-screen'));
const CardTopUpScreen = lazy(() => import('../features/top-up/components/card-top-up-screen'));
const TopUpRecordScreen = lazy(() => import('../features/records/components/top-up-record-screen'));
const WithdrawScreen = lazy(() => import('../features/withdraw/components/withdraw-screen'));
const WithdrawalRecordScreen = lazy(() => import('../features/records/components/withdrawal-record-screen'));
const CapitalRecordScreen = lazy(() => import('../features/fund/components/capital-record-screen'));
const PaymentScreen = lazy(() => import('../features/payment/components/payment-screen'));

const wallet: RemoteModule = {
  namespace: 'wallet',
  // This build's language files (static assets beside remoteEntry.js), fetched by URL.
  loadMessages: (lang) => loadLocaleFile(lang, `${__webpack_public_path__}${process.env.LOCALES_DIR}/wallet`),
  screens: {
    '/topUp': TopUpScreen,
    '/walletTopUp': EvidenceTopUpScreen,
    '/cardTopUp': CardTopUpScreen,
    '/topUpRecord': TopUpRecordScreen,
    '/withDraw': WithdrawScreen,
    '/depositRecord': WithdrawalRecordScreen,
    '/capitalRecord': CapitalRecordScreen,
    '/payment': PaymentScreen,
  },
};

export default wallet;
