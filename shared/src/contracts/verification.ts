import { z } from 'zod';

/** ALTCHA: the server issues a challenge, the widget solves it, the solution buys a token. */
export const verifySolutionBody = z.object({ payload: z.string().min(1).max(4096) });
export interface VerificationToken {
  verificationToken: string;
  expiresAt: string;
  /**
   * Until when this browser's HttpOnly device cookie (set with the token) passes the check in every tab;
   * the shell keeps it to open new tabs without the check.
   */
  deviceVerifiedUntil?: string;
}
