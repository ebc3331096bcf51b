import { sql } from 'drizzle-orm';
import type { SupportStatus } from '@marketplace/shared/contracts';
import { call, tablesFingerprint, type TestApp } from './harness';
import type { Shopper } from './orders.helpers';

/** POST with a JSON body as the shopper (or with any headers). */
export const post = <T = unknown>(t: TestApp, url: string, payload: unknown, headers: Record<string, string>) =>
  call<T>(t.app, { method: 'POST', url, headers, payload: payload as Record<string, unknown> });

export const get = <T = unknown>(t: TestApp, url: string, headers: Record<string, string>) =>
  call<T>(t.app, { method: 'GET', url, headers });

export const assist = (t: TestApp, shopper: Shopper, shopId: unknown) =>
  post<SupportStatus>(t, '/api/merchant/assist', { shopId }, shopper.headers);

export const shopSupportDays = async (t: TestApp, shopId: number) => {
  const result = (await t.db.execute(sql`SELECT support_days FROM shops WHERE id = ${shopId}`)) as unknown as {
    rows: { support_days: number }[];
  };
  return Number(result.rows[0]?.support_days);
};

/** Row count and digest of every table a community request could touch: proves a refusal changed nothing. */
export const communityFingerprint = (t: TestApp) =>
  tablesFingerprint(t.db, [
    'shop_supports',
    'complaints',
    'merchant_applications',
    'vip_levels',
    'vip_purchases',
    'ledger_entries',
    'notifications',
    'shops',
    'users',
  ]);
