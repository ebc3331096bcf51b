import { createHash, randomBytes, randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * OWASP argon2id parameters; @node-rs/argon2 runs them on the libuv pool, off the event loop.
 * 2 is `Algorithm.Argon2id` (a const enum, which isolatedModules cannot import).
 */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * At most one argon2 run per core at a time, the rest wait here first come, first served. More at once
 * only time-slices the same cores (each run fills 19 MiB, so they also evict each other from the caches)
 * and takes every libuv thread, leaving compression and file reads queued behind password checks.
 */
const ARGON2_AT_ONCE = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];
const oneCoreEach = async <T>(work: () => Promise<T>): Promise<T> => {
  // A finishing run hands its place straight to the next in line.
  if (running < ARGON2_AT_ONCE) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
};

export const hashSecret = (plain: string): Promise<string> => oneCoreEach(() => hash(plain, ARGON2));

export const verifySecret = async (hashed: string, plain: string): Promise<boolean> => {
  try {
    return await oneCoreEach(() => verify(hashed, plain));
  } catch {
    return false;
  }
};

/** 32 random bytes, base64url: what the client holds. Only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
