import { ENDPOINTS_DEFINED_ONCE, sessionApi, withMsg } from '@marketplace/shared';
import type {
  BalancePoint,
  BlockchainInfo,
  LedgerEntry,
  LedgerKind,
  Page,
  RechargeBody,
  RechargeRecord,
  RechargeResult,
  RecordQuery,
  WithdrawalRecord,
  WithdrawBody,
  WithdrawInfo,
  WithdrawResult,
} from '@marketplace/shared/contracts';

/**
 * Every wallet call of requirements §6 and §12.3: networks, top-up, withdraw, records and fund transactions, on top
 * of the session's calls (the balance is `getUserInfo`, defined once in shared).
 */
export const walletApi = sessionApi.injectEndpoints({
  endpoints: (build) => ({
    getBlockchainInfo: build.query<BlockchainInfo, void>({
      query: () => '/user/getBlockchain',
      providesTags: ['Wallet'],
    }),
    submitRecharge: build.mutation<{ data: RechargeResult; msg: string }, RechargeBody>({
      query: (body) => ({ url: '/user/recharge', method: 'POST', body }),
      transformResponse: withMsg<RechargeResult>,
      invalidatesTags: ['User', 'Record'],
    }),
    getWithdrawInfo: build.query<WithdrawInfo, void>({
      query: () => '/user/extract',
      providesTags: ['Wallet', 'User'],
    }),
    submitWithdrawal: build.mutation<{ data: WithdrawResult; msg: string }, WithdrawBody>({
      query: (body) => ({ url: '/user/extract', method: 'POST', body }),
      transformResponse: withMsg<WithdrawResult>,
      invalidatesTags: ['User', 'Record', 'Wallet'],
    }),
    listRechargeRecords: build.query<Page<RechargeRecord>, RecordQuery>({
      query: (params) => ({ url: '/user/recharge_log', params }),
      providesTags: ['Record'],
    }),
    listWithdrawalRecords: build.query<Page<WithdrawalRecord>, RecordQuery>({
      query: (params) => ({ url: '/user/extract_log', params }),
      providesTags: ['Record'],
    }),
    listFundTransactions: build.query<Page<LedgerEntry>, { page: number; pageSize: number; kind?: LedgerKind }>({
      query: (params) => ({ url: '/user/bill', params }),
      providesTags: ['Record'],
    }),
    getBalanceHistory: build.query<BalancePoint[], void>({
      query: () => '/user/balance_history',
      providesTags: ['Record'],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const {
  useGetUserInfoQuery,
  useGetBlockchainInfoQuery,
  useSubmitRechargeMutation,
  useGetWithdrawInfoQuery,
  useSubmitWithdrawalMutation,
  useGetBalanceHistoryQuery,
} = walletApi;
