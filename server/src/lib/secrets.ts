import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { createWorkLine } from './work-lines';

/**
 * OWASP argon2id parameters; @node-rs/argon2 runs them on the libuv pool, off the event loop.
 * 2 is `Algorithm.Argon2id` (a const enum, which isolatedModules cannot import).
 */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most one argon2 run per core at a time, the rest wait in line first come, first served. More at once
 * only time-slices the same cores (each run fills 19 MiB, so they also evict each other from the caches)
 * and takes every libuv thread, leaving compression and file reads queued behind password checks.
 */
const argon2Line = createWorkLine(Math.max(1, availableParallelism()));

export const hashSecret = (plain: string): Promise<string> => argon2Line.run(() => hash(plain, ARGON2));

/**
 * False for a wrong secret or a malformed hash. With a `deadline`, a wait for a free core that outlasts
 * it rejects with the deadline's reason (`isDeadline`) instead: nothing was checked, so it is no answer.
 */
export const verifySecret = (hashed: string, plain: string, deadline?: AbortSignal): Promise<boolean> =>
  argon2Line.run(async () => {
    try {
      return await verify(hashed, plain);
    } catch {
      return false;
    }
  }, deadline);

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
