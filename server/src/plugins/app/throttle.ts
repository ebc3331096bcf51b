import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

interface ThrottleLimits {
  /** Requests per window from one client address, whatever account they name. */
  perIp: number;
  /** Requests per window for one account or shopper, from whatever address. */
  perSubject: number;
  windowMs: number;
}

/**
 * How much more one client address may send than one shopper, for calls limited per signed-in shopper:
 * many shoppers share a mobile carrier's address, and must not block each other.
 */
export const SHARED_ADDRESS_FACTOR = 20;

/** One counter; unlike the plugin's route hook, several of these run on the same request. */
export const throttle = (
  app: FastifyInstance,
  max: number,
  windowMs: number,
  key: (request: FastifyRequest) => string,
) => {
  const count = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: key });
  return async (request: FastifyRequest) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(429, 'err.tooManyRequests', undefined, { retryAfter: result.ttlInSeconds }, 429);
    }
  };
};

/**
 * Two limits for one kind of request: per client address across accounts (one network trying many
 * accounts) and per account across addresses (many networks trying one account). Use as
 * `preValidation` (after the body is parsed) or `preHandler` (after the shopper is known).
 */
export const throttles = (
  app: FastifyInstance,
  name: string,
  limits: ThrottleLimits,
  subject: (request: FastifyRequest) => string,
) => [
  throttle(app, limits.perIp, limits.windowMs, (request) => `${name}|ip|${request.ip}`),
  throttle(app, limits.perSubject, limits.windowMs, (request) => `${name}|subject|${subject(request)}`),
];

/** The account a sign-in, registration or reset names (empty when missing). */
export const accountOf = (request: FastifyRequest) => {
  const account = (request.body as { account?: unknown } | undefined)?.account;
  return typeof account === 'string' ? account.trim().toLowerCase() : '';
};
