import { fastifyCookie } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The console's session travels in one cookie per browser (docs/requirements.md §10):
 * HttpOnly (page scripts never read it), SameSite=Strict (no other site's page sends it, so no forged
 * decision), Secure over HTTPS, on `/api` (the operator calls and the operator-only pictures under
 * `/api/upload`). Every tab of the browser shares it, so a queue opened in a new tab needs no new sign-in;
 * the session behind it still expires and is revoked on sign-out or by an admin (modules/operators). The
 * `operator-token` header stays for the ops CLI and wins over the cookie.
 */
const CONSOLE_SESSION_COOKIE = 'mp_console';

const { parse, serialize } = fastifyCookie;

const options = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/api' }) as const;

/** Sets the session cookie after a sign-in; it expires with the session. */
export const setConsoleSession = (request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string) => {
  reply.header(
    'set-cookie',
    serialize(CONSOLE_SESSION_COOKIE, token, { ...options(request), expires: new Date(expiresAt) }),
  );
};

/** Ends the cookie in this browser (the session itself is revoked by the caller). */
export const clearConsoleSession = (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('set-cookie', serialize(CONSOLE_SESSION_COOKIE, '', { ...options(request), expires: new Date(0) }));
};

/** The session token the request's cookie carries, if any; a malformed cookie header counts as none. */
export const consoleSessionOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie;
  if (typeof header !== 'string' || header.length === 0 || header.length > 8_192) return undefined;
  try {
    const value = parse(header)[CONSOLE_SESSION_COOKIE];
    return value && value.length <= 512 ? value : undefined;
  } catch {
    return undefined;
  }
};
