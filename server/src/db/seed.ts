import { eq } from 'drizzle-orm';
import { hashSecret } from '../lib/secrets';
import type { Db } from './client';
import { users } from './schema';
import { inTransaction } from './transaction';
import { seedDemoCatalogue } from './seed-catalogue';
import { seedPromoCodes } from '../modules/checkout/promo-codes';
import { createLedgerRepository } from '../modules/ledger/ledger.repository';

export const DEMO_SHOPPER = {
  account: 'demo',
  password: 'demo123',
  paymentCode: '123456',
  email: 'demo@example.com',
  balance: 100_000,
} as const;

/**
 * `SEED_PRODUCTS=100000`: a first start seeds a catalogue of that many products (the demo's 640 plus a
 * generated, reproducible rest) instead of the demo's 640, to see search and lists at marketplace scale.
 */
const seedProducts = (value = process.env.SEED_PRODUCTS): number => {
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? Math.min(count, 2_000_000) : 0;
};

/** Idempotent: inserts the demo catalogue and the demo shopper only when they do not exist yet. */
export const seedDemoData = async (
  db: Db,
  { products = seedProducts() }: { products?: number } = {},
): Promise<void> => {
  await seedDemoCatalogue(db, new Date(), { products });
  await seedPromoCodes(db);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_SHOPPER.account));
  if (existing) return;
  const [passwordHash, paymentCodeHash] = await Promise.all([
    hashSecret(DEMO_SHOPPER.password),
    hashSecret(DEMO_SHOPPER.paymentCode),
  ]);
  // The demo balance is an opening adjustment in the ledger, so balance == sum(entries) from the start.
  await inTransaction(db, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        account: DEMO_SHOPPER.account,
        passwordHash,
        paymentCodeHash,
        email: DEMO_SHOPPER.email,
        emailVerifiedAt: new Date(),
        familyName: 'Demo',
        givenName: 'Shopper',
      })
      .onConflictDoNothing({ target: users.account })
      .returning({ id: users.id });
    if (created) {
      await createLedgerRepository(db).post(tx, created.id, [
        { amount: DEMO_SHOPPER.balance, kind: 'adjustment', reference: null, note: 'Opening balance' },
      ]);
    }
  });
};
