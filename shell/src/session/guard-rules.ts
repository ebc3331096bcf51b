import { links, loginRedirect, returnPathAfterLogin } from '@marketplace/shared';

/**
 * Public when the owning route says so, or a public route's path up to its first parameter is a prefix
 * of the path (requirements §2.2: prefix matches count; the prefixes come from the routes' metadata).
 */
export const isPublicPath = (pathname: string, routeIsPublic: boolean, publicPrefixes: readonly string[]): boolean =>
  routeIsPublic || publicPrefixes.some((prefix) => pathname.startsWith(prefix));

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; messageKey?: 'common:loginFirst' } | { kind: 'fetchUserInfo' };

interface GuardInput {
  pathname: string;
  /** The query string of the page asked for (`?x=1` or ''), kept for the return after login. */
  search?: string;
  isPublic: boolean;
  hasToken: boolean;
  hasUserInfo: boolean;
}

/** Where a signed-in user on /login goes: the page the guard sent them from (`redirect`), else / (spec). */
const returnFromLogin = (search: string): string => returnPathAfterLogin(new URLSearchParams(search).get('redirect'));

/** Route guard of requirements §2.3, in the order they apply. */
export const decideNavigation = ({
  pathname,
  search = '',
  isPublic,
  hasToken,
  hasUserInfo,
}: GuardInput): GuardDecision => {
  if (!hasToken) {
    return isPublic
      ? { kind: 'allow' }
      : { kind: 'redirect', to: loginRedirect(pathname + search), messageKey: 'common:loginFirst' };
  }
  if (pathname === links.login()) return { kind: 'redirect', to: returnFromLogin(search) };
  return hasUserInfo ? { kind: 'allow' } : { kind: 'fetchUserInfo' };
};

/**
 * Where the user goes when the user info cannot be fetched: the login after logging out, or / when
 * logout failed too and the token could only be dropped on this device.
 */
export const afterUserInfoFailure = (logoutSucceeded: boolean): string => (logoutSucceeded ? links.login() : '/');

/**
 * Whether a failed user-info call ends the session: only an authentication failure (401, by HTTP
 * status or envelope code). A timeout, a network error or a server error keeps the token (docs/decisions/0005-installable-offline.md).
 */
export const endsSession = (error: { status?: unknown; data?: { code?: unknown } } | null | undefined): boolean =>
  error?.status === 401 || error?.data?.code === 401;
