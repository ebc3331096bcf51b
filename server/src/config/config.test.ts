import { DEFAULT_COMMUNITY_CONFIG, loadConfig } from './config';

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
