import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';

/** Header that carries the operator credential. Shopper tokens are never accepted on operator routes. */
export const ADMIN_TOKEN_HEADER = 'admin-token';

/**
 * The configured ADMIN_TOKEN, else one generated once into DATA_DIR/admin.token (mode 600) and its
 * path logged, so a fresh install has an operator credential without a default password.
 */
export const resolveAdminToken = (configured: string | undefined, dataDir: string, log: FastifyBaseLogger): string => {
  if (configured) return configured;
  const file = path.join(dataDir, 'admin.token');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, token, { mode: 0o600 });
  log.info({ file }, 'operator credential generated (admin-token header; npm run ops reads it)');
  return token;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Attempts per key in a fixed window. In this process's memory by default; a store several processes
 * share (Redis `INCR` + `PEXPIRE`, `DECR`) fits the same two calls. The memory counter answers at once
 * (no promise): a right credential is then counted, compared and given back in one synchronous step, so
 * a burst of an operator's own parallel calls never sees the others in flight. With a shared store the
 * calls in flight count until they are compared, as the payment code's checks in flight do.
 */
export interface AttemptCounter {
  /** Counts one attempt and answers the key's count in the current window, this attempt included. */
  hit(key: string): number | Promise<number>;
  /** Gives one attempt back: a right credential is no failed guess. */
  undo(key: string): void | Promise<void>;
}

/** At most this many keys are kept; the oldest goes first, whatever a stranger sends. */
const MAX_KEYS = 100_000;

export const memoryAttemptCounter = (windowMs: number, now: () => number = Date.now): AttemptCounter => {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        windows.delete(key);
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      return ++window.count;
    },
    undo(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count--;
    },
  };
};

export interface OperatorGuessLimits {
  /** Failed credentials counted per client address in a window before that address is refused. */
  perAddress: number;
  /** Failed credentials counted from every address together (a guess spread over many networks). */
  global: number;
  windowMs: number;
}

export const OPERATOR_GUESS_LIMITS: OperatorGuessLimits = { perAddress: 10, global: 100, windowMs: 15 * 60_000 };

const GLOBAL_KEY = 'operator|all';

/**
 * `next` on the value at once when it is one, once it settles when it is a promise: `await` on a plain
 * value would still let other requests run between counting and comparing.
 */
const then = <T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> =>
  value instanceof Promise ? value.then(next) : next(value);

const tooMany = () => new AppError(429, 'err.tooManyRequests', undefined, null, 429);

/**
 * Constant-time comparison of the `admin-token` header with the configured credential, with guesses
 * throttled. A request carrying the header is counted per client address, then globally, BEFORE the
 * comparison runs (a burst of parallel guesses gets at most the limit evaluated); over either limit it
 * is refused with 429 without being compared. A right credential gives its count back, so operators'
 * own calls never use the budget up, and one address's guesses do not block another address.
 */
export const createOperatorAuth = (
  adminToken: string,
  {
    limits = OPERATOR_GUESS_LIMITS,
    counter = memoryAttemptCounter(limits.windowMs),
  }: { limits?: OperatorGuessLimits; counter?: AttemptCounter } = {},
) => {
  const expected = digest(adminToken);
  const check = (request: FastifyRequest): boolean | Promise<boolean> => {
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    // No credential is no guess: nothing to count.
    if (typeof given !== 'string' || given.length === 0) return false;
    const address = `operator|ip|${request.ip}`;
    // A refused request is given back as well: it was never compared, so it is no guess. Otherwise every
    // refusal would count, and calls in flight (or a process killed between count and give-back) that
    // once pushed the count over the limit would keep it there for the whole window, whatever came next.
    return then(counter.hit(address), (fromAddress) => {
      if (fromAddress > limits.perAddress) {
        return then(counter.undo(address), () => {
          throw tooMany();
        });
      }
      return then(counter.hit(GLOBAL_KEY), (fromAll) => {
        if (fromAll > limits.global) {
          return then(counter.undo(GLOBAL_KEY), () =>
            then(counter.undo(address), () => {
              throw tooMany();
            }),
          );
        }
        if (!timingSafeEqual(digest(given), expected)) return false;
        return then(counter.undo(address), () => then(counter.undo(GLOBAL_KEY), () => true));
      });
    });
  };
  /** True for the right credential; false when none is given or a wrong one; 429 once over a limit. */
  const isOperator = async (request: FastifyRequest): Promise<boolean> => check(request);
  return {
    isOperator,
    requireOperator: async (request: FastifyRequest) => {
      if (!(await isOperator(request))) throw new AppError(ResponseCode.UNAUTHORIZED, 'err.admin.tokenInvalid');
    },
  };
};

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
