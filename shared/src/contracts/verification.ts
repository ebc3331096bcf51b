import { z } from 'zod';

/** ALTCHA: the server issues a challenge, the widget solves it, the solution buys a token. */
export const verifySolutionBody = z.object({ payload: z.string().min(1).max(4096) });
export interface VerificationToken {
  verificationToken: string;
  expiresAt: string;
}
