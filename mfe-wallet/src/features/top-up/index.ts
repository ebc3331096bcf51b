// The top-up feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { TopUpMethodList } from './components/top-up-method-list';
export { WalletBalance } from './components/wallet-balance';
