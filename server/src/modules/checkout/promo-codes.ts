import type { Db } from '../../db/client';
import { promoCodes } from '../../db/schema';

/** The seeded promo codes (idempotent). EXPIRED2025 exists so the "expired" message can be seen. */
const SEED_PROMO_CODES: (typeof promoCodes.$inferInsert)[] = [
  { code: 'WELCOME10', kind: 'percent', value: 10, minSpendCents: 2_000, expiresAt: null, perShopperLimit: 1 },
  { code: 'SAVE5', kind: 'amount', value: 500, minSpendCents: 3_000, expiresAt: null, perShopperLimit: 5 },
  { code: 'EXPIRED2025', kind: 'amount', value: 1_000, minSpendCents: 0, expiresAt: new Date('2025-12-31T23:59:59Z') },
];

export const seedPromoCodes = async (db: Db) => {
  await db.insert(promoCodes).values(SEED_PROMO_CODES).onConflictDoNothing({ target: promoCodes.code });
};

/** Discount in cents for `goods` cents; never more than the goods. */
export const discountFor = (promo: { kind: 'percent' | 'amount'; value: number }, goods: number): number =>
  Math.min(goods, promo.kind === 'percent' ? Math.floor((goods * promo.value) / 100) : promo.value);

/** Splits a discount over the shop orders in proportion to their goods; the last takes the remainder. */
export const splitDiscount = (discount: number, goods: number[]): number[] => {
  const total = goods.reduce((sum, value) => sum + value, 0);
  if (discount === 0 || total === 0) return goods.map(() => 0);
  const shares = goods.map((value) => Math.floor((discount * value) / total));
  shares[shares.length - 1]! += discount - shares.reduce((sum, value) => sum + value, 0);
  return shares;
};
