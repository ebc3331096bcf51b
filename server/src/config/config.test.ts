import { DEFAULT_COMMUNITY_CONFIG, loadConfig } from './config';
import { createTestApp } from '../../test/harness';

describe('production defaults', () => {
  it('seeds the demo shopper and catalogue on the embedded database', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it('never seeds demo data into a real PostgreSQL unless asked with SEED_DEMO=1', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/shop' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/shop', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads the withdrawal service charge from the environment', () => {
    expect(loadConfig({}).wallet).toEqual({ serviceChargeBp: 100, minWithdrawCents: 100 });
    expect(loadConfig({ WITHDRAW_SERVICE_CHARGE_BP: '250' }).wallet?.serviceChargeBp).toBe(250);
    expect(loadConfig({ WITHDRAW_SERVICE_CHARGE_BP: '0' }).wallet?.serviceChargeBp).toBe(0);
  });
});

describe('community settings', () => {
  it('fall back to the one set of defaults and read SUPPORT_TIME_ZONE and SELLER_PLATFORM_URL', () => {
    expect(loadConfig({}).community).toEqual(DEFAULT_COMMUNITY_CONFIG);
    expect(loadConfig({ SUPPORT_TIME_ZONE: ' ', SELLER_PLATFORM_URL: ' ' }).community).toEqual(
      DEFAULT_COMMUNITY_CONFIG,
    );
    expect(
      loadConfig({ SUPPORT_TIME_ZONE: 'Asia/Shanghai', SELLER_PLATFORM_URL: ' https://sell.example.org/join ' })
        .community,
    ).toEqual({ supportTimeZone: 'Asia/Shanghai', sellerPlatformUrl: 'https://sell.example.org/join' });
  });

  it('refuse to start with a time zone that does not exist', () => {
    expect(() => loadConfig({ SUPPORT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'SUPPORT_TIME_ZONE is not a time zone: Mars/Olympus',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, the nearest hop or a count of hops, or a list of addresses', async () => {
    const { trustProxy } = await import('./config');
    expect(trustProxy(undefined)).toBeUndefined();
    expect(trustProxy('0')).toBeUndefined();
    expect(trustProxy('true')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});

describe('behind a trusted proxy', () => {
  it('keys per-address limits on the client address the proxy forwards, not the proxy', async () => {
    const t = await createTestApp({ adminToken: 'proxy-test-operator', trustProxy: ['10.99.0.1'] });
    try {
      const guess = (client: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/admin/orders',
          remoteAddress: '10.99.0.1',
          headers: { 'admin-token': 'wrong', 'x-forwarded-for': client },
        });
      for (let i = 0; i < 10; i++) expect((await guess('203.0.113.7')).statusCode).toBe(401);
      expect((await guess('203.0.113.7')).statusCode).toBe(429);
      // Another shopper's phone behind the same proxy is not refused for the first one's guesses.
      expect((await guess('198.51.100.20')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
