import { PUBLIC_PATH_PREFIXES } from '@marketplace/shared/contracts';

/** Public when a spec public prefix matches (prefix matches count) or the owning route says so. */
export const isPublicPath = (pathname: string, routeIsPublic: boolean): boolean =>
  routeIsPublic || PUBLIC_PATH_PREFIXES.some((prefix) => pathname.startsWith(prefix));

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string; messageKey?: 'common:loginFirst' } | { kind: 'fetchUserInfo' };

export interface GuardInput {
  pathname: string;
  /** The query string of the page asked for (`?x=1` or ''), kept for the return after login. */
  search?: string;
  isPublic: boolean;
  hasToken: boolean;
  hasUserInfo: boolean;
}

/** `/login`, remembering the page asked for so the login returns there (`redirect`, read by the login screen). */
export const loginRedirect = (asked: string): string =>
  asked === '/' || asked.startsWith('/login') ? '/login' : `/login?redirect=${encodeURIComponent(asked)}`;

/**
 * Where a signed-in user on /login goes: the page the guard sent them from (`redirect`), else / (spec).
 * Only paths inside this app count, so a crafted link cannot lead to another site or back to /login.
 */
export const returnPathAfterLogin = (search: string): string => {
  const asked = new URLSearchParams(search).get('redirect');
  if (!asked || !asked.startsWith('/') || asked.startsWith('//') || asked.startsWith('/\\')) return '/';
  return asked.startsWith('/login') ? '/' : asked;
};

/** Spec section 2 navigation rules, in the order they apply. */
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
  if (pathname === '/login') return { kind: 'redirect', to: returnPathAfterLogin(search) };
  return hasUserInfo ? { kind: 'allow' } : { kind: 'fetchUserInfo' };
};

/**
 * Where the user goes when the user info cannot be fetched: /login after logging out, or / when
 * logout failed too and the token could only be dropped on this device.
 */
export const afterUserInfoFailure = (logoutSucceeded: boolean): '/login' | '/' => (logoutSucceeded ? '/login' : '/');
