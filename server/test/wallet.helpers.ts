import type { FastifyInstance } from 'fastify';
import type { BlockchainInfo, RechargeResult, WithdrawResult } from '@marketplace/shared/contracts';
import { call } from './harness';
import { admin, PAYMENT_CODE, upload, type Shopper } from './orders.helpers';

export const channels = async (app: FastifyInstance, shopper: Shopper) =>
  (await call<BlockchainInfo>(app, { method: 'GET', url: '/api/user/getBlockchain', headers: shopper.headers })).data
    .channels;

/** The shopper's POST of a wallet form to `url`. */
const postAs = <T>(app: FastifyInstance, shopper: Shopper, url: string, payload: Record<string, unknown>) =>
  call<T>(app, { method: 'POST', url, headers: shopper.headers, payload });

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

export const cardTopUp = (
  app: FastifyInstance,
  shopper: Shopper,
  amount: number,
  overrides: Record<string, unknown> = {},
) =>
  postAs<RechargeResult>(app, shopper, '/api/user/recharge', {
    method: 'card',
    amount,
    cardNumber: '4242 4242 4242 4242',
    expiryMonth: 12,
    expiryYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    ...overrides,
  });

export const withdraw = (
  app: FastifyInstance,
  shopper: Shopper,
  drawAmount: number,
  overrides: Record<string, unknown> = {},
) =>
  postAs<WithdrawResult>(app, shopper, '/api/user/extract', {
    drawType: 'bank',
    drawAmount,
    bankCardNo: '4111 1111 1111 1111',
    bankName: 'Test Bank',
    paymentCode: PAYMENT_CODE,
    ...overrides,
  });

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
