import { call, type TestApp } from './harness';
import { admin, appWith, ordersFingerprint, upload, type Shopper } from './kit';
import { cardTopUp, channels, requestTopUp, TRC20_ADDRESS, withdraw } from './wallet.helpers';

let t: TestApp;
let shopper: Shopper;
let onChain: number;
let evidence: string;

beforeAll(async () => {
  ({
    t,
    shoppers: [shopper],
  } = await appWith({ account: 'wallet-errors', balance: 10_000 }));
  onChain = (await channels(t.app, shopper)).find((c) => c.name.includes('TRC20'))!.id;
  evidence = (await upload(t.app, shopper)).id;
});
afterAll(() => t.close());

const recharge = (payload: Record<string, unknown>) =>
  call(t.app, { method: 'POST', url: '/api/user/recharge', headers: shopper.headers, payload });
const complete = () => ({
  method: 'onChain',
  network: onChain,
  address: TRC20_ADDRESS,
  amount: 5_000,
  evidence,
  acceptNotes: true,
});

describe('top-up refusals say the required message and change nothing', () => {
  it.each([
    [{ address: '' }, 'Please fill recharge address'],
    [{ address: undefined }, 'Please fill recharge address'],
    [{ amount: 0 }, 'Please fill correct amount'],
    [{ amount: -5 }, 'Please fill correct amount'],
    [{ amount: 12.5 }, 'Please fill correct amount'],
    [{ amount: undefined }, 'Please fill correct amount'],
    [{ network: undefined }, 'Please choose charge network'],
    [{ network: 99_999 }, 'Please choose charge network'],
    [{ network: 9_999_999_999 }, 'Please choose charge network'],
    [{ evidence: '' }, 'Please upload payment evidence'],
    [{ evidence: 'not-mine' }, 'Please upload payment evidence'],
    [{ address: 'a\u0000b' }, 'Text cannot contain the NUL character (\\0)'],
    [
      { acceptNotes: false },
      'Please confirm the deposit notes: choose the same network as the withdrawal platform; DEX, BSC and HECO are not supported',
    ],
    [
      { address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' },
      'This address does not belong to the USDT-TRC20 (Nile testnet) network. Choose the same network as the withdrawal platform',
    ],
    [{ amount: 50 }, 'The smallest amount on this channel is $10.00'],
    [{ method: 'bank' }, 'Please choose charge network'],
    [{ method: 'paypal' }, 'Please choose a top-up method'],
  ])('%j → "%s"', async (change, msg) => {
    const before = await ordersFingerprint(t);
    const reply = await recharge({ ...complete(), ...change });
    expect(reply).toMatchObject({ code: 0, msg });
    expect(reply.status).toBeLessThan(500);
    expect(await ordersFingerprint(t)).toBe(before);
  });

  it('answers in Simplified Chinese when asked', async () => {
    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/user/recharge',
      headers: { ...shopper.headers, lang: 'zh-cn' },
      payload: { ...complete(), address: '' },
    });
    expect(reply.msg).toBe('请填写充值地址');
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'Please fill correct card number'],
    [{ cardNumber: '' }, 'Please fill correct card number'],
    [{ expiryMonth: 13 }, 'Please fill correct expiry date'],
    [{ expiryYear: 2020 }, 'This card has expired'],
    [{ cvc: '12' }, 'Please fill correct security code (CVC)'],
    [{ cardNumber: '4000000000000069' }, 'This card has expired'],
  ])('card %j → "%s"', async (change, msg) => {
    const before = await ordersFingerprint(t);
    expect(await cardTopUp(t.app, shopper, 1_000, change)).toMatchObject({ code: 0, msg });
    expect(await ordersFingerprint(t)).toBe(before);
  });
});

describe('withdrawal refusals', () => {
  it.each([
    [{ drawAmount: 0 }, 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    [{ drawAmount: -100 }, 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    [{ drawAmount: undefined }, 'Withdrawal amount cannot be less than or equal to 0 or empty'],
    [{ drawAmount: 10_001 }, 'Withdrawal amount cannot be larger than balance'],
    [{ drawAmount: 1 }, 'The withdrawal amount must be more than the service charge and at least $1.00'],
    [{ bankCardNo: '1234' }, 'Please fill correct bank card number'],
    [{ bankName: '' }, 'Please fill in the bank name'],
    [{ drawType: 'paypal' }, 'Please choose bank card or on-chain'],
    [{ drawType: 'onChain', address: TRC20_ADDRESS }, 'Please choose charge network'],
    [{ drawType: 'onChain', network: 1 }, 'Please fill in the withdrawal address'],
    [{ paymentCode: '12ab' }, 'Payment code must be digits only, at least 6'],
  ])('%j → "%s"', async (change, msg) => {
    const before = await ordersFingerprint(t);
    const reply = await withdraw(t.app, shopper, 1_000, change);
    expect(reply).toMatchObject({ code: 0, msg });
    expect(await ordersFingerprint(t)).toBe(before);
  });

  it('refuses an on-chain address of another network', async () => {
    const reply = await withdraw(t.app, shopper, 1_000, { drawType: 'onChain', network: onChain, address: 'bc1qxyz' });
    expect(reply.msg).toMatch(/^This address does not belong to the USDT-TRC20/);
  });

  it('refuses a wrong payment code with "Pay Fail" and holds nothing', async () => {
    const before = await ordersFingerprint(t);
    const reply = await withdraw(t.app, shopper, 1_000, { paymentCode: '000000' });
    expect(reply).toMatchObject({ code: 0, msg: 'Pay Fail', data: { reason: 'WRONG_PAYMENT_CODE' } });
    // Only the counter moved (users row); no withdrawal and no ledger entry.
    const rows = await call(t.app, { method: 'GET', url: '/api/user/extract_log', headers: shopper.headers });
    expect((rows.data as { total: number }).total).toBe(0);
    expect(before).toContain('withdrawals:');
  });

  it('operators cannot add a BSC, HECO or DEX channel', async () => {
    for (const name of ['USDT-BSC', 'HECO main', 'USDT-BEP20', 'Uniswap DEX']) {
      const reply = await call(t.app, {
        method: 'POST',
        url: '/api/admin/deposit_channel',
        headers: admin,
        payload: { method: 'onChain', name, address: '0xabc' },
      });
      expect(reply).toMatchObject({ code: 0, msg: 'DEX, BSC and HECO are not supported' });
    }
  });

  it('a bank top-up request credits nothing before an operator approves it', async () => {
    const reply = await requestTopUp(t.app, shopper, 2_000, { method: 'bank' });
    expect(reply.code).toBe(1);
    const info = await call<{ balance: number }>(t.app, {
      method: 'GET',
      url: '/api/user/getUserInfo',
      headers: shopper.headers,
    });
    expect(info.data.balance).toBe(10_000);
  });
});
