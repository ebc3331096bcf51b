import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { altchaUsedChallenges, verificationTokens } from '../../db/schema';

export const createVerificationRepository = (db: Db) => ({
  /** False when the signature was already redeemed (replay). */
  async markChallengeUsed(signature: string, expiresAt: Date): Promise<boolean> {
    const rows = await db
      .insert(altchaUsedChallenges)
      .values({ signature, expiresAt })
      .onConflictDoNothing()
      .returning({ signature: altchaUsedChallenges.signature });
    return rows.length === 1;
  },

  async insertToken(tokenHash: string, expiresAt: Date) {
    await db.insert(verificationTokens).values({ tokenHash, expiresAt });
  },

  async isTokenValid(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await db
      .select({ tokenHash: verificationTokens.tokenHash })
      .from(verificationTokens)
      .where(and(eq(verificationTokens.tokenHash, tokenHash), gt(verificationTokens.expiresAt, now)));
    return rows.length === 1;
  },

  async deleteExpired(now: Date) {
    await db.delete(altchaUsedChallenges).where(lt(altchaUsedChallenges.expiresAt, now));
    await db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, now));
  },
});

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
