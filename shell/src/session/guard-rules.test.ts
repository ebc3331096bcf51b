import { routeRules } from '../remotes/route-table';
import { afterUserInfoFailure, decideNavigation, endsSession, isPublicPath } from './guard-rules';

/** The public routes the remotes publish (their route modules' `public: true`), as the layout's route table holds them. */
const PUBLIC_ROUTES = [
  '/index',
  '/home',
  '/explore',
  '/search',
  '/searchs',
  '/detail/:product?/:mer?',
  '/shop/:id?',
  '/login',
  '/register',
  '/forgotPassword',
  '/changePassword',
].map((path) => ({ path, titleKey: 'x:title', public: true, keepAlive: false }));
const { publicPrefixes } = routeRules([
  ...PUBLIC_ROUTES,
  { path: '/bag', titleKey: 'x:title', public: false, keepAlive: true },
  { path: '/myPurchases/:status?', titleKey: 'x:title', public: false, keepAlive: false },
]);

/** The pages the requirements list as needing no login (prefix matches count). */
const REQUIRED_PUBLIC_PAGES = [
  '/index',
  '/login',
  '/register',
  '/home',
  '/shop',
  '/explore',
  '/detail',
  '/search',
  '/forgotPassword',
  '/changePassword',
];

const visit = (
  pathname: string,
  opts: { token?: boolean; userInfo?: boolean; routePublic?: boolean; search?: string } = {},
) =>
  decideNavigation({
    pathname,
    search: opts.search,
    isPublic: isPublicPath(pathname, opts.routePublic ?? false, publicPrefixes),
    hasToken: opts.token ?? false,
    hasUserInfo: opts.userInfo ?? false,
  });

describe('route guard rules', () => {
  // The pages requirements §2.2 lists as needing no login.
  it.each(REQUIRED_PUBLIC_PAGES)('lets %s through without a token', (path) => {
    expect(visit(path)).toEqual({ kind: 'allow' });
  });

  it('counts prefix matches as public (/detail/12/3, /shop/5)', () => {
    expect(visit('/detail/12/3')).toEqual({ kind: 'allow' });
    expect(visit('/shop/5')).toEqual({ kind: 'allow' });
  });

  it('lets a route the route table marks public through without a token', () => {
    expect(visit('/law', { routePublic: true })).toEqual({ kind: 'allow' });
  });

  it('redirects to /login with "loginFirst" when no token, remembering the page asked for', () => {
    expect(visit('/bag')).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fbag', messageKey: 'common:loginFirst' });
    expect(visit('/myPurchases/all')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FmyPurchases%2Fall',
      messageKey: 'common:loginFirst',
    });
  });

  it('keeps the query of the page asked for in the redirect', () => {
    expect(visit('/myPurchases/1', { search: '?backs=1' })).toMatchObject({
      to: `/login?redirect=${encodeURIComponent('/myPurchases/1?backs=1')}`,
    });
  });

  it('sends an unknown path without a token to /login with "loginFirst" rather than "Page not found"', () => {
    // The layout passes routeIsPublic=false when no remote publishes the path.
    expect(visit('/no-such-page')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fno-such-page',
      messageKey: 'common:loginFirst',
    });
  });

  it('lets a signed-in shopper through to an unknown path (the 404 page)', () => {
    expect(visit('/no-such-page', { token: true, userInfo: true })).toEqual({ kind: 'allow' });
  });

  it('still lets an unknown path under a public prefix through (prefix matches count)', () => {
    expect(visit('/detail/oops/extra/segments')).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user on /login?redirect= to the page the guard sent them from', () => {
    expect(visit('/login', { token: true, userInfo: true, search: '?redirect=%2Fnotification' })).toEqual({
      kind: 'redirect',
      to: '/notification',
    });
    expect(
      visit('/login', { token: true, search: `?redirect=${encodeURIComponent('/myPurchases/1?backs=1')}` }),
    ).toEqual({ kind: 'redirect', to: '/myPurchases/1?backs=1' });
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/login', '/login?redirect=%2Fbag', ''])(
    'sends a signed-in user on /login?redirect=%s to / instead',
    (asked) => {
      expect(
        visit('/login', { token: true, userInfo: true, search: `?redirect=${encodeURIComponent(asked)}` }),
      ).toEqual({
        kind: 'redirect',
        to: '/',
      });
    },
  );

  it('never asks the login to return to the root (loginRedirect, tested in shared)', () => {
    expect(visit('/')).toEqual({ kind: 'redirect', to: '/login', messageKey: 'common:loginFirst' });
  });

  it('sends a signed-in user visiting /login to /', () => {
    expect(visit('/login', { token: true, userInfo: true })).toEqual({ kind: 'redirect', to: '/' });
    expect(visit('/login', { token: true })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('fetches user info when a token exists but user info is missing', () => {
    expect(visit('/bag', { token: true })).toEqual({ kind: 'fetchUserInfo' });
    expect(visit('/home', { token: true })).toEqual({ kind: 'fetchUserInfo' });
  });

  it('lets a signed-in user with user info through', () => {
    expect(visit('/bag', { token: true, userInfo: true })).toEqual({ kind: 'allow' });
  });

  it('logs out and goes to /login when the user info fetch fails', () => {
    expect(afterUserInfoFailure(true)).toBe('/login');
  });

  it('invalidates the token and goes to / when logout also fails', () => {
    expect(afterUserInfoFailure(false)).toBe('/');
  });

  it('ends the session only on an authentication failure (401), never on a timeout or network error', () => {
    expect(endsSession({ status: 401, data: { code: 401 } })).toBe(true);
    expect(endsSession({ status: 200, data: { code: 401 } })).toBe(true);
    expect(endsSession({ status: 'TIMEOUT_ERROR' })).toBe(false);
    expect(endsSession({ status: 'FETCH_ERROR' })).toBe(false);
    expect(endsSession({ status: 500, data: { code: 0 } })).toBe(false);
    expect(endsSession(null)).toBe(false);
  });
});
