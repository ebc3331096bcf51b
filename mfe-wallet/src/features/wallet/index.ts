// The wallet feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export {
  useGetBalanceHistoryQuery,
  useGetBlockchainInfoQuery,
  useGetUserInfoQuery,
  useGetWithdrawInfoQuery,
  useSubmitRechargeMutation,
  useSubmitWithdrawalMutation,
  walletApi,
} from './api';
export { copyText } from './copy-text';
export { LinkList } from './link-list';
export { WalletFormField } from './wallet-field';
