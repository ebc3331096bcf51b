import { Writable } from 'node:stream';
import { loadConfig } from '../src/config/config';
import { DEFAULT_WALLET_CONFIG } from '../src/modules/wallet/wallet.service';
import { call, createTestApp, databaseFingerprint, type TestApp } from './harness';
import { createShopper } from './orders.helpers';
import { cardTopUp } from './wallet.helpers';

/**
 * The sandbox acquirer credits any Luhn-valid card number without moving money. It runs on the embedded
 * database (a demo) and where the operator asked for it (`CARD_SANDBOX=1`, warned at every start);
 * anywhere else a card top-up is refused and changes nothing.
 */
const UNAVAILABLE = 'Card top-up is not available right now, please choose another method';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});
const start = async (...args: Parameters<typeof createTestApp>) => {
  const t = await createTestApp(...args);
  apps.push(t);
  return t;
};

describe('the card sandbox setting', () => {
  it('is read from CARD_SANDBOX: 1 on, 0 off, unset decided by the database', () => {
    const postgres = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    expect(loadConfig({ ...postgres, CARD_SANDBOX: '1' }).wallet).toMatchObject({ cardSandbox: true });
    expect(loadConfig({ CARD_SANDBOX: '0' }).wallet).toMatchObject({ cardSandbox: false });
    expect(loadConfig(postgres).wallet?.cardSandbox).toBeUndefined();
  });
});

describe('card top-up without the sandbox', () => {
  it('is refused with a translated message and changes nothing', async () => {
    const t = await start({ wallet: { ...DEFAULT_WALLET_CONFIG, cardSandbox: false } });
    const shopper = await createShopper(t, 'card-off');
    const before = await databaseFingerprint(t.db);
    expect(await cardTopUp(t.app, shopper, 5_000)).toMatchObject({ code: 0, msg: UNAVAILABLE, data: null });
    const german = await call(t.app, {
      method: 'POST',
      url: '/api/user/recharge',
      headers: { ...shopper.headers, lang: 'de' },
      payload: {
        method: 'card',
        amount: 5_000,
        cardNumber: '4242424242424242',
        expiryMonth: 12,
        expiryYear: 2099,
        cvc: '123',
      },
    });
    expect(german).toMatchObject({ code: 0, data: null });
    expect(german.msg).not.toBe(UNAVAILABLE);
    expect(german.msg).toMatch(/Karte/);
    expect(await databaseFingerprint(t.db)).toBe(before);
  });

  it(`with no setting: ${onPostgres ? 'refused on PostgreSQL' : 'works on the embedded PGlite'}`, async () => {
    const t = await start({ wallet: DEFAULT_WALLET_CONFIG });
    expect(t.config.database.kind).toBe(onPostgres ? 'postgres' : 'pglite');
    const shopper = await createShopper(t, 'card-default');
    const before = await databaseFingerprint(t.db);
    const reply = await cardTopUp(t.app, shopper, 5_000);
    if (onPostgres) {
      expect(reply).toMatchObject({ code: 0, msg: UNAVAILABLE, data: null });
      expect(await databaseFingerprint(t.db)).toBe(before);
    } else {
      expect(reply).toMatchObject({ code: 1, data: { balance: 5_000, record: { method: 'card', status: 1 } } });
    }
  });
});

describe('card top-up with CARD_SANDBOX=1', () => {
  it('works, and every start logs a warning through the app logger', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = { level: 'warn', stream };
    const sandbox = { wallet: { ...DEFAULT_WALLET_CONFIG, cardSandbox: true } };
    const t = await start(sandbox, { logger });
    const warnings = () => lines.filter((line) => line.level === 40 && /without moving (any )?money/.test(line.msg));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.msg).toMatch(/card top-ups credit the balance/i);
    const shopper = await createShopper(t, 'card-sandbox');
    expect(await cardTopUp(t.app, shopper, 5_000)).toMatchObject({ code: 1, data: { balance: 5_000 } });
    await start(sandbox, { logger });
    expect(warnings()).toHaveLength(2);
  });
});
