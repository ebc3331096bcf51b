import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * State that several API processes must agree on: the request limits (@fastify/rate-limit's counters) and
 * the sign-in brake. With `REDIS_URL` it lives in Redis, so N processes allow what one allows; without it,
 * in this process's memory (the embedded single-process default).
 *
 * A Redis outage fails CLOSED: a limit or brake that cannot be read refuses the request (503, "The system
 * is busy") with one error line a minute, since everything limited here guards a secret or money. Nothing
 * of the catalogue reads Redis, so browsing goes on.
 */
export interface SharedState {
  readonly kind: 'memory' | 'redis';
  /** The @fastify/rate-limit store to register with (undefined = the plugin's in-memory store). */
  readonly rateLimitStore?: FastifyRateLimitStoreCtor;
  readonly brake: SignInBrake;
  /**
   * A fixed-window attempt counter (operator-credential guesses, admin/admin-auth.ts) that every process
   * shares; undefined = the caller's own in-memory counter.
   */
  attemptCounter?(windowMs: number): {
    hit(key: string): Promise<number>;
    undo(key: string): Promise<void>;
  };
  /** True when the store answers (memory: always). For the readiness check. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Slows sign-in guesses on one account down without ever locking its owner out for good. Every attempt is
 * counted BEFORE the password is checked (`claim`, atomic): the first FREE_ATTEMPTS of a streak run at
 * once (a burst of parallel guesses gets at most that many evaluated), after that each attempt must wait
 * for its slot, 1 s after the next failure, doubling up to MAX_DELAY_MS. A right password ends the streak
 * (`clear`); a streak ends by itself STREAK_TTL_MS after its last attempt.
 */
export interface SignInBrake {
  claim(key: string, nowMs: number): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
  clear(key: string): Promise<void>;
}

export const FREE_ATTEMPTS = 5;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 60_000;
const STREAK_TTL_MS = 24 * 3_600_000;

/** The wait before the attempt after `attempts` counted ones: 0, …, 0, 1 s, 2 s, 4 s, … 60 s. */
export const delayAfter = (attempts: number): number =>
  attempts < FREE_ATTEMPTS ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (attempts - FREE_ATTEMPTS), MAX_DELAY_MS);

/** The most attempts one brake key admits in a day with no right password: the figure the README states. */
export const attemptsPerDay = (): number => {
  let attempts = 0;
  for (let at = 0; at < 86_400_000; at += delayAfter(attempts)) attempts++;
  return attempts;
};

const memoryBrake = (): SignInBrake => {
  const streaks = new Map<string, { attempts: number; nextAt: number; lastAt: number }>();
  return {
    async claim(key, nowMs) {
      let streak = streaks.get(key);
      if (streak && nowMs - streak.lastAt > STREAK_TTL_MS) streak = undefined;
      if (streak && nowMs < streak.nextAt) return { allowed: false, retryAfterMs: streak.nextAt - nowMs };
      const attempts = (streak?.attempts ?? 0) + 1;
      // Oldest first out: the map stays bounded whatever a stranger sends.
      if (!streak && streaks.size >= 100_000) streaks.delete(streaks.keys().next().value as string);
      streaks.set(key, { attempts, nextAt: nowMs + delayAfter(attempts), lastAt: nowMs });
      return { allowed: true };
    },
    async clear(key) {
      streaks.delete(key);
    },
  };
};

/** The same rule as memoryBrake, as one Lua script: atomic across every process on the Redis server. */
const BRAKE_LUA = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local free, first, max, ttl = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local state = redis.call('HMGET', key, 'attempts', 'next')
local attempts = tonumber(state[1]) or 0
local nextAt = tonumber(state[2]) or 0
if now < nextAt then return now - nextAt end
attempts = attempts + 1
local delay = 0
if attempts >= free then delay = math.min(first * 2 ^ (attempts - free), max) end
redis.call('HSET', key, 'attempts', attempts, 'next', now + delay)
redis.call('PEXPIRE', key, ttl)
return attempts`;

const redisBrake = (redis: Redis, prefix: string, failClosed: (error: unknown) => never): SignInBrake => {
  redis.defineCommand('signInBrake', { numberOfKeys: 1, lua: BRAKE_LUA });
  const run = redis as Redis & { signInBrake(key: string, ...args: number[]): Promise<number> };
  return {
    async claim(key, nowMs) {
      const answer = await run
        .signInBrake(`${prefix}brake:${key}`, nowMs, FREE_ATTEMPTS, FIRST_DELAY_MS, MAX_DELAY_MS, STREAK_TTL_MS)
        .catch(failClosed);
      return answer > 0 ? { allowed: true } : { allowed: false, retryAfterMs: -answer };
    },
    async clear(key) {
      await redis.del(`${prefix}brake:${key}`).catch(failClosed);
    },
  };
};

/** The longest a request waits for one Redis command before it is refused (503). */
export const REDIS_COMMAND_TIMEOUT_MS = 300;

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's own Redis store (its Lua counter), with Redis errors turned into a clear 503
 * envelope instead of an unhandled error (the plugin rethrows store errors when skipOnError is off).
 */
const failClosedRedisStore = (
  redis: Redis,
  prefix: string,
  failClosed: (error: unknown) => never,
): FastifyRateLimitStoreCtor => {
  // The plugin ships its Redis store as a CommonJS file without types of its own.
  const RedisStore = createRequire(__filename)('@fastify/rate-limit/store/RedisStore.js') as new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: Redis,
    nameSpace?: string,
  ) => FastifyRateLimitStore & { read?(key: string, callback: StoreCallback): void };
  const wrap = (inner: InstanceType<typeof RedisStore>): FastifyRateLimitStore => {
    const guard =
      (callback: StoreCallback): StoreCallback =>
      (error, result) => {
        if (!error) return callback(null, result);
        try {
          failClosed(error);
        } catch (refusal) {
          callback(refusal as Error);
        }
      };
    return {
      incr: (key, callback, timeWindow, max) => inner.incr(key, guard(callback as StoreCallback), timeWindow, max),
      // A counter made with app.createRateLimit has no route (its routeInfo is empty): the plugin's child
      // would name its keys `rl:undefinedundefined-…`; such a counter's key already says what it counts.
      child: (routeOptions) => {
        const merged = routeOptions as RateLimitOptions & { routeInfo?: { method?: string } };
        return wrap(
          merged.routeInfo?.method
            ? (inner.child(routeOptions) as InstanceType<typeof RedisStore>)
            : new RedisStore(merged.continueExceeding, merged.exponentialBackoff, redis, `${prefix}rl:`),
        );
      },
      ...(inner.read
        ? { read: (key: string, callback: StoreCallback) => inner.read!(key, guard(callback)) }
        : undefined),
    } as FastifyRateLimitStore;
  };
  return class {
    constructor(options: RateLimitOptions) {
      return wrap(new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, `${prefix}rl:`));
    }
  } as unknown as FastifyRateLimitStoreCtor;
};

/** `prefix`: every key's namespace (several apps or test runs on one Redis server keep apart). */
export const openSharedState = async (
  redisUrl: string | undefined,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  prefix = 'mp:',
): Promise<SharedState> => {
  if (!redisUrl) {
    return { kind: 'memory', brake: memoryBrake(), ping: async () => true, close: async () => undefined };
  }
  // No offline queue: while Redis is down a command fails at once (and the request is refused) instead of
  // waiting for a reconnection that may never come. A Redis that is up but stalls (CLIENT PAUSE, a long
  // command, a saturated server) fails each command after REDIS_COMMAND_TIMEOUT_MS: the limited call is
  // refused with the 503 envelope at once instead of waiting for it.
  const redis = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: true,
  });
  let lastLog = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLog < 60_000) return;
    lastLog = Date.now();
    log.error(
      { err: error.message },
      'Redis (shared limits) unavailable: limited requests are refused until it answers',
    );
  });
  // Down at start: the app still starts (browsing works) and refuses limited requests until Redis answers;
  // ioredis keeps reconnecting in the background.
  await redis.connect().then(
    () => log.info('shared limits and sign-in brake in Redis'),
    (error: unknown) => {
      lastLog = Date.now();
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'Redis (shared limits) unavailable at start: limited requests are refused until it answers',
      );
    },
  );
  const failClosed = (error: unknown): never => {
    if (Date.now() - lastLog >= 60_000) {
      lastLog = Date.now();
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'Redis (shared limits) failed: request refused',
      );
    }
    throw new AppError(503, 'err.server', undefined, null, 503);
  };
  return {
    kind: 'redis',
    rateLimitStore: failClosedRedisStore(redis, prefix, failClosed),
    brake: redisBrake(redis, prefix, failClosed),
    attemptCounter: (windowMs) => ({
      hit: async (key) => {
        const counted = await redis
          .multi()
          .incr(`${prefix}attempts:${key}`)
          .pexpire(`${prefix}attempts:${key}`, windowMs, 'NX')
          .exec()
          .catch(failClosed);
        const [error, count] = counted?.[0] ?? [new Error('no answer'), 0];
        if (error) failClosed(error);
        return Number(count);
      },
      undo: async (key) => {
        // Only within the window: a DECR after the key expired would leave a count below 0 that never ends.
        await redis
          .eval(
            "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0",
            1,
            `${prefix}attempts:${key}`,
          )
          .catch(failClosed);
      },
    }),
    ping: () =>
      redis.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      ),
    close: async () => {
      redis.disconnect();
    },
  };
};
