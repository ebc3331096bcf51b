import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ResponseCode } from '@marketplace/shared/contracts';
import { AppError } from '../../lib/app-error';
import { storedSecret } from '../../lib/stored-secret';
import type { OperatorRole } from '../../db/schema/operators';
import { AUTOMATION_ACTOR, currentActor, runAs, type OperatorActor } from '../operators/actor';
import type { OperatorsService } from '../operators/operators.service';
import { memoryAttemptCounter, type AttemptCounter } from './attempt-counter';
import { consoleSessionOf } from './console-cookie';
import { isOperatorUrl, OPERATOR_ROUTE_ACCESS, routeKey, type RouteAccess } from './operator-routes';

export { memoryAttemptCounter } from './attempt-counter';

/**
 * Header of the shared automation credential (ADMIN_TOKEN): local automation only (e2e tests, the
 * embedded `npm start`), off by default in production. Shopper tokens are never accepted on operator routes.
 */
export const ADMIN_TOKEN_HEADER = 'admin-token';
/** Header of a signed-in operator's session token (POST /api/admin/auth/sign_in). */
export const OPERATOR_TOKEN_HEADER = 'operator-token';

/**
 * The configured ADMIN_TOKEN, else one generated once into DATA_DIR/admin.token (mode 600) and its
 * path logged, so local automation has a credential without a default password. Only called when the
 * automation token is allowed (config.operatorAutomation).
 */
export const resolveAdminToken = (configured: string | undefined, dataDir: string, log: FastifyBaseLogger): string => {
  if (configured) return configured;
  const token = storedSecret(dataDir, 'admin.token', 'base64url');
  if (token.created) {
    log.info({ file: token.file }, 'automation token generated (admin-token header; local automation only)');
  }
  return token.value;
};

const digest = (value: string) => createHash('sha256').update(value).digest();

interface OperatorGuessLimits {
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

/** Who makes an operator call. */
type OperatorIdentity =
  { kind: 'automation' } | { kind: 'operator'; id: number; name: string; roles: OperatorRole[]; sessionId: number };

const unauthorized = (key = 'err.admin.tokenInvalid') => new AppError(ResponseCode.UNAUTHORIZED, key);
const forbidden = () => new AppError(ResponseCode.FAIL, 'err.operator.forbidden', undefined, null, 403);

const headerOf = (request: FastifyRequest, name: string) => {
  const header = request.headers[name];
  const given = Array.isArray(header) ? header[0] : header;
  return typeof given === 'string' && given.length > 0 ? given : undefined;
};

const accessOf = (method: string, url: string): RouteAccess | undefined =>
  OPERATOR_ROUTE_ACCESS[routeKey(method === 'HEAD' ? 'GET' : method, url)];

/** A time as the refusal message shows it: `2026-11-27 10:31:05 UTC`. */
const utcText = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Operator authentication and authorization for every `/api/admin/*` call:
 *  - an operator session (`operator-token` header: signed in with password and TOTP; expires, revocable),
 *    whose roles must include one the route allows (operator-routes.ts), else 403;
 *  - or, when allowed (`adminToken` given: local automation), the shared `admin-token`, compared in
 *    constant time with guesses throttled: a request carrying it is counted per client address, then
 *    globally, BEFORE the comparison runs (a burst of parallel guesses gets at most the limit evaluated);
 *    over either limit it is refused with 429 without being compared. A right credential gives its count
 *    back, so automation never uses the budget up, and one address's guesses do not block another's.
 * The rest of the request runs as the actor (operators/actor.ts): audit rows record who decided.
 */
export const createOperatorAuth = (
  adminToken: string | undefined,
  {
    limits = OPERATOR_GUESS_LIMITS,
    counter = memoryAttemptCounter(limits.windowMs),
    accounts,
  }: { limits?: OperatorGuessLimits; counter?: AttemptCounter; accounts?: OperatorsService } = {},
) => {
  const expected = adminToken ? digest(adminToken) : undefined;
  const checkAutomation = (request: FastifyRequest): boolean | Promise<boolean> => {
    const given = headerOf(request, ADMIN_TOKEN_HEADER);
    // No credential is no guess: nothing to count. Without an automation token nothing is compared either.
    if (given === undefined || !expected) return false;
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

  /** The operator session the call carries: the `operator-token` header (ops CLI), else the console's cookie. */
  const sessionTokenOf = (request: FastifyRequest) =>
    headerOf(request, OPERATOR_TOKEN_HEADER) ?? consoleSessionOf(request);

  /** The caller: a live operator session first, else the automation token; undefined for neither. */
  const identify = async (request: FastifyRequest): Promise<OperatorIdentity | undefined> => {
    const sessionToken = sessionTokenOf(request);
    if (sessionToken !== undefined && accounts) {
      if (sessionToken.length > 512) return undefined;
      const found = await accounts.session(sessionToken);
      if (!found) return undefined;
      const { operator, session } = found;
      return { kind: 'operator', id: operator.id, name: operator.name, roles: operator.roles, sessionId: session.id };
    }
    return (await checkAutomation(request)) ? { kind: 'automation' } : undefined;
  };

  const identities = new WeakMap<FastifyRequest, OperatorIdentity>();

  const authorize = async (request: FastifyRequest): Promise<OperatorActor> => {
    const identity = await identify(request);
    if (!identity) {
      const given = sessionTokenOf(request);
      throw unauthorized(given ? 'err.operator.sessionInvalid' : 'err.admin.tokenInvalid');
    }
    const access = accessOf(request.method, request.routeOptions.url ?? '');
    if (identity.kind === 'operator') {
      // A route missing from the table is refused to operators (the onRoute check stops that at start).
      if (access === undefined) throw forbidden();
      if (Array.isArray(access) && !access.some((role) => identity.roles.includes(role))) throw forbidden();
    }
    identities.set(request, identity);
    const actor =
      identity.kind === 'operator'
        ? { operatorId: identity.id, name: identity.name }
        : { operatorId: null, name: AUTOMATION_ACTOR };
    request.log.info({ operator: actor.name, operatorId: actor.operatorId }, 'operator call');
    return actor;
  };

  /** True for a live operator session or the automation token; false for none; 429 once over a limit. */
  const isOperator = async (request: FastifyRequest): Promise<boolean> => (await identify(request)) !== undefined;

  /**
   * Authorizes the call and runs the rest of it, handler included, as the actor, so audit rows written
   * meanwhile name who decided. Refuses with 401 (no, bad, expired or revoked credential) or 403 (role).
   */
  const gate = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (identities.has(request)) return done();
    authorize(request).then(
      (actor) => runAs(actor, () => done()),
      (error: Error) => done(error),
    );
  };

  /**
   * Every `/api/admin/*` route must be in OPERATOR_ROUTE_ACCESS (the app does not start otherwise) and,
   * unless public, gets the gate as its first preValidation hook: the credential and role are checked
   * before the body is validated (a stranger learns nothing about a call's input) and whether or not the
   * route also names requireOperator, so a new operator route cannot be left open.
   */
  const routes: { method: string; url: string; access: RouteAccess }[] = [];
  const onRoute = (route: RouteOptions) => {
    if (!isOperatorUrl(route.url)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map(String);
    let guarded = false;
    for (const method of methods) {
      const access = accessOf(method, route.url);
      if (access === undefined)
        throw new Error(`${routeKey(method, route.url)}: no operator role in operator-routes.ts`);
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
      guarded ||= access !== 'public';
    }
    if (guarded) route.preValidation = [gate, ...[route.preValidation ?? []].flat()] as RouteOptions['preValidation'];
  };

  return {
    isOperator,
    /** The operator routes' preHandler: the gate, when the route's own preValidation has not run it. */
    requireOperator: gate,
    onRoute,
    /** Every operator route the app registered, with who may call it (tests walk this list). */
    routes: () => [...routes],
    /** The caller of an operator call that passed requireOperator. */
    identityOf: (request: FastifyRequest) => identities.get(request),
    /**
     * Runs a decision that must happen once; when someone else already decided the item (`*.notPending`),
     * the refusal says who and when (the latest audit row of the item), with both in `data`.
     */
    async decidedOnce<T>(targetType: string, targetId: number | string, decide: () => Promise<T>): Promise<T> {
      try {
        return await decide();
      } catch (error) {
        if (!(error instanceof AppError) || !error.msgKey.endsWith('.notPending') || !accounts) throw error;
        const last = await accounts.lastDecision(targetType, String(targetId));
        if (!last) throw error;
        // Rows from before operator accounts have no actor: only the automation token decided then.
        const name = last.actor || AUTOMATION_ACTOR;
        // A decision the caller made themselves keeps the plain refusal: nobody else to name.
        const self = currentActor();
        if (self && self.operatorId === last.operatorId && self.name === name) throw error;
        throw new AppError(
          ResponseCode.FAIL,
          'err.operator.alreadyDecided',
          { name, time: utcText(last.createdAt) },
          {
            operatorId: last.operatorId,
            operatorName: name,
            decidedAt: last.createdAt.toISOString(),
            action: last.action,
          },
          409,
        );
      }
    },
  };
};

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
