import type { FastifyInstance } from 'fastify';
import type { BlockchainInfo, RechargeResult, WithdrawResult } from '@marketplace/shared/contracts';
import { call, postAs } from './harness';
import { admin, PAYMENT_CODE, upload, type Shopper } from './orders.helpers';

export const channels = async (app: FastifyInstance, shopper: Shopper) =>
  (await call<BlockchainInfo>(app, { method: 'GET', url: '/api/user/getBlockchain', headers: shopper.headers })).data
    .channels;

export const TRC20_ADDRESS = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';

/** A manual/bank/on-chain top-up request with a freshly uploaded evidence image. */
export const requestTopUp = async (
  app: FastifyInstance,
  shopper: Shopper,
  amount: number,
  overrides: Record<string, unknown> = {},
) => {
  const list = await channels(app, shopper);
  const method = (overrides.method as string | undefined) ?? 'onChain';
  const channel = list.find((c) => c.method === method)!;
  const evidence = (await upload(app, shopper)).id;
  return postAs<RechargeResult>(app, shopper, '/api/user/recharge', {
    method,
    network: channel.id,
    address: method === 'onChain' ? TRC20_ADDRESS : 'My bank 1234',
    amount,
    evidence,
    acceptNotes: true,
    ...overrides,
  });
};

/** A wallet form the shopper posts to `url`: the `filled` values for an amount, with the test's overrides. */
const walletForm =
  <T>(url: string, filled: (amount: number) => Record<string, unknown>) =>
  (app: FastifyInstance, shopper: Shopper, amount: number, overrides: Record<string, unknown> = {}) =>
    postAs<T>(app, shopper, url, { ...filled(amount), ...overrides });

export const cardTopUp = walletForm<RechargeResult>('/api/user/recharge', (amount) => ({
  method: 'card',
  amount,
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
}));

export const withdraw = walletForm<WithdrawResult>('/api/user/extract', (drawAmount) => ({
  drawType: 'bank',
  drawAmount,
  bankCardNo: '4111 1111 1111 1111',
  bankName: 'Test Bank',
  paymentCode: PAYMENT_CODE,
}));

export const decide = (
  app: FastifyInstance,
  kind: 'recharge' | 'withdrawal',
  id: number,
  agree: boolean,
  reason = '',
) => call(app, { method: 'POST', url: `/api/admin/${kind}/decide`, headers: admin, payload: { id, agree, reason } });

export const balanceOf = async (app: FastifyInstance, shopper: Shopper) =>
  (await call<{ balance: number }>(app, { method: 'GET', url: '/api/user/getUserInfo', headers: shopper.headers })).data
    .balance;
