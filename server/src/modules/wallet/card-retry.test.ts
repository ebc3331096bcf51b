import { sql } from 'drizzle-orm';
import type { BlockchainInfo, LedgerEntry, Page } from '@marketplace/shared/contracts';
import { call, type TestApp } from '../../../test/harness';
import { appWith, createShopper, ledgerInvariant, type Shopper } from '../../../test/kit';
import { balanceOf, cardTopUp } from '../../../test/wallet.helpers';

// The shopper app review (docs/decisions/0009-shopper-app-review.md): after a declined card a valid card was declined too, because the retry carried the
// first attempt's request id and the acquirer replayed the decline it remembered for that key.

const DECLINED = '4000 0000 0000 0002';
const VALID = '4242 4242 4242 4242';

let t: TestApp;
beforeAll(async () => ({ t } = await appWith()));
afterAll(() => t.close());

const topUps = async (shopper: Shopper) =>
  (
    await call<Page<LedgerEntry>>(t.app, {
      method: 'GET',
      url: '/api/user/bill?kind=topup',
      headers: shopper.headers,
    })
  ).data.list;

const cardRecharges = async (shopper: Shopper) =>
  Number(
    (
      (await t.db.execute(
        sql`SELECT count(*)::int AS n FROM recharges WHERE user_id = ${shopper.id} AND method = 'card'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );

describe('card top-up: a declined card, then a valid one', () => {
  it('credits the valid card exactly once when each attempt has its own request id (what the app sends)', async () => {
    const shopper = await createShopper(t, 'card-retry-fresh');
    const declined = await cardTopUp(t.app, shopper, 2_500, { cardNumber: DECLINED, requestId: 'attempt-one-0001' });
    expect(declined).toMatchObject({
      code: 0,
      msg: 'Your card was declined. Nothing was charged; please use another card',
    });
    const valid = await cardTopUp(t.app, shopper, 2_500, { cardNumber: VALID, requestId: 'attempt-two-0002' });
    expect(valid).toMatchObject({ code: 1, msg: 'Top-up successful' });
    // The same attempt submitted again (double tap, answer lost): applied once.
    const repeat = await cardTopUp(t.app, shopper, 2_500, { cardNumber: VALID, requestId: 'attempt-two-0002' });
    expect(repeat.data.record.id).toBe(valid.data.record.id);
    expect(await balanceOf(t.app, shopper)).toBe(2_500);
    expect((await topUps(shopper)).map((entry) => entry.amount)).toEqual([2_500]);
    expect(await cardRecharges(shopper)).toBe(1);
  });

  it('charges the valid card even when a client kept the declined attempt’s request id, and still credits once', async () => {
    const shopper = await createShopper(t, 'card-retry-kept');
    const declined = await cardTopUp(t.app, shopper, 1_000, { cardNumber: DECLINED, requestId: 'kept-request-01' });
    expect(declined.code).toBe(0);
    // The same declined attempt again meets the acquirer's remembered decline.
    expect((await cardTopUp(t.app, shopper, 1_000, { cardNumber: DECLINED, requestId: 'kept-request-01' })).code).toBe(
      0,
    );
    // Before the fix this was declined: the acquirer's key was the request id alone.
    const valid = await cardTopUp(t.app, shopper, 1_000, { cardNumber: VALID, requestId: 'kept-request-01' });
    expect(valid).toMatchObject({ code: 1, data: { record: { status: 1, amount: 1_000 } } });
    const again = await cardTopUp(t.app, shopper, 1_000, { cardNumber: VALID, requestId: 'kept-request-01' });
    expect(again.data.record.id).toBe(valid.data.record.id);
    // A different card under a request id that already succeeded finds that success: no second charge.
    const other = await cardTopUp(t.app, shopper, 1_000, {
      cardNumber: '5555 5555 5555 4444',
      requestId: 'kept-request-01',
    });
    expect(other.data.record.id).toBe(valid.data.record.id);
    expect(await balanceOf(t.app, shopper)).toBe(1_000);
    expect(await cardRecharges(shopper)).toBe(1);
    expect((await ledgerInvariant(t)).filter((r) => r.balance !== r.ledger || r.negatives > 0)).toEqual([]);
  });

  it('tells the app the sandbox acquirer is on, so test cards are shown only there', async () => {
    const shopper = await createShopper(t, 'card-retry-sandbox');
    const info = await call<BlockchainInfo>(t.app, {
      method: 'GET',
      url: '/api/user/getBlockchain',
      headers: shopper.headers,
    });
    expect(info.data.cardSandbox).toBe(true);
  });
});
