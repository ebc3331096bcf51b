import { sql } from 'drizzle-orm';
import type { SupportStatus } from '@marketplace/shared/contracts';
import { call, type TestApp } from './harness';
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
export const communityFingerprint = async (t: TestApp) => {
  const parts: string[] = [];
  for (const table of [
    'shop_supports',
    'complaints',
    'merchant_applications',
    'vip_levels',
    'vip_purchases',
    'ledger_entries',
    'notifications',
    'shops',
    'users',
  ]) {
    const result = (await t.db.execute(
      sql.raw(
        `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS h FROM ${table} t`,
      ),
    )) as unknown as { rows: unknown[] };
    parts.push(`${table}:${JSON.stringify(result.rows)}`);
  }
  return parts.join('|');
};
