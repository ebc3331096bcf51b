import { and, eq, gt, lt, sql } from 'drizzle-orm';
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

  /** Counts one use of a live token, atomically; false when it is unknown, expired or used up. */
  async useToken(tokenHash: string, now: Date, maxUses: number): Promise<boolean> {
    const rows = await db
      .update(verificationTokens)
      .set({ uses: sql`${verificationTokens.uses} + 1` })
      .where(
        and(
          eq(verificationTokens.tokenHash, tokenHash),
          gt(verificationTokens.expiresAt, now),
          lt(verificationTokens.uses, maxUses),
        ),
      )
      .returning({ tokenHash: verificationTokens.tokenHash });
    return rows.length === 1;
  },

  async deleteExpired(now: Date) {
    await db.delete(altchaUsedChallenges).where(lt(altchaUsedChallenges.expiresAt, now));
    await db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, now));
  },
});

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
