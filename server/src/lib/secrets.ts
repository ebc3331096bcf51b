import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * OWASP argon2id parameters; @node-rs/argon2 runs them on the libuv pool, off the event loop.
 * 2 is `Algorithm.Argon2id` (a const enum, which isolatedModules cannot import).
 */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashSecret = (plain: string): Promise<string> => hash(plain, ARGON2);

export const verifySecret = async (hashed: string, plain: string): Promise<boolean> => {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
};

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
