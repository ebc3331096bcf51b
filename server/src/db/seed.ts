import { eq } from 'drizzle-orm';
import { hashSecret } from '../lib/secrets';
import type { Db } from './client';
import { users } from './schema';

export const DEMO_SHOPPER = {
  account: 'demo',
  password: 'demo123',
  paymentCode: '123456',
  email: 'demo@example.com',
  balance: 100_000,
} as const;

/** Idempotent: inserts the demo shopper only when the account does not exist yet. */
export const seedDemoData = async (db: Db): Promise<void> => {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_SHOPPER.account));
  if (existing) return;
  const [passwordHash, paymentCodeHash] = await Promise.all([
    hashSecret(DEMO_SHOPPER.password),
    hashSecret(DEMO_SHOPPER.paymentCode),
  ]);
  await db
    .insert(users)
    .values({
      account: DEMO_SHOPPER.account,
      passwordHash,
      paymentCodeHash,
      email: DEMO_SHOPPER.email,
      familyName: 'Demo',
      givenName: 'Shopper',
      balance: DEMO_SHOPPER.balance,
    })
    .onConflictDoNothing({ target: users.account });
};
