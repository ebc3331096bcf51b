import { loadConfig } from './config';

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
