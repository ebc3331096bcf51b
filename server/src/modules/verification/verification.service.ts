import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey as derivePbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as deriveSha } from 'altcha-lib/algorithms/sha';
import { ResponseCode, type VerificationToken } from '@marketplace/shared/contracts';
import type { AltchaConfig } from '../../config/config';
import { AppError, fail } from '../../lib/app-error';
import { newToken, sha256 } from '../../lib/secrets';
import type { VerificationRepository } from './verification.repository';
import { createVerifiedDevices } from './verified-device';

interface Deps {
  repository: VerificationRepository;
  config: AltchaConfig;
  /** Signs challenges; a second secret derived from it signs the derived keys (fast verification). */
  hmacKey: string;
  now: () => Date;
}

const parsePayload = (payload: string): Payload | null => {
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Partial<Payload>;
    const { challenge, solution } = parsed;
    if (!challenge?.parameters || typeof challenge.signature !== 'string') return null;
    if (!solution || typeof solution.counter !== 'number' || typeof solution.derivedKey !== 'string') return null;
    return { challenge, solution };
  } catch {
    return null;
  }
};

export const createVerificationService = ({ repository, config, hmacKey, now }: Deps) => {
  const deriveKey = config.algorithm === 'SHA-256' ? deriveSha : derivePbkdf2;
  const keySecret = sha256(`altcha-key:${hmacKey}`);
  const devices = createVerifiedDevices(sha256(`verified-device:${hmacKey}`), now);

  return {
    createChallenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: config.algorithm,
        cost: config.cost,
        // The solver walks up from 0, so the counter is the work; at least half the maximum keeps it steady.
        counter: randomInt(config.maxNumber, Math.max(1, Math.floor(config.maxNumber / 2))),
        deriveKey,
        hmacSignatureSecret: hmacKey,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(now().getTime() + config.challengeTtlMs),
      });
    },

    /** The device cookie a passed check sets (every tab of the browser is covered by it for a day). */
    deviceCookie: (secure: boolean) => devices.cookie(secure),

    async verify(payload: string): Promise<VerificationToken> {
      const parsed = parsePayload(payload);
      if (!parsed) throw fail('err.verificationFailed');
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: parsed.challenge,
          solution: parsed.solution,
          deriveKey,
          hmacSignatureSecret: hmacKey,
          hmacKeySignatureSecret: keySecret,
        });
        verified = result.verified;
      } catch {
        verified = false;
      }
      if (!verified || !parsed.challenge.signature) throw fail('err.verificationFailed');
      const current = now();
      await repository.deleteExpired(current);
      const challengeExpiry = parsed.challenge.parameters.expiresAt
        ? new Date(parsed.challenge.parameters.expiresAt * 1000)
        : new Date(current.getTime() + config.challengeTtlMs);
      if (!(await repository.markChallengeUsed(parsed.challenge.signature, challengeExpiry))) {
        throw fail('err.verificationFailed');
      }
      const token = newToken();
      const expiresAt = new Date(current.getTime() + config.tokenTtlMs);
      await repository.insertToken(sha256(token), expiresAt);
      return { verificationToken: token, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Passes with the device's signed cookie (any tab of a verified browser) or, for clients that keep the
     * token themselves, a live `human-verification` token (its uses counted).
     */
    async assertVerified(token: string | undefined, cookieHeader?: string): Promise<void> {
      if (devices.isVerified(cookieHeader)) return;
      if (!token || !(await repository.useToken(sha256(token), now(), config.tokenMaxUses))) {
        throw new AppError(ResponseCode.VERIFICATION_REQUIRED, 'err.verificationRequired');
      }
    },
  };
};

export type VerificationService = ReturnType<typeof createVerificationService>;
