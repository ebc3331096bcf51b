import { afterUserInfoFailure, decideNavigation, isPublicPath } from './guard-rules';

const visit = (pathname: string, opts: { token?: boolean; userInfo?: boolean; routePublic?: boolean } = {}) =>
  decideNavigation({
    pathname,
    isPublic: isPublicPath(pathname, opts.routePublic ?? false),
    hasToken: opts.token ?? false,
    hasUserInfo: opts.userInfo ?? false,
  });

describe('route guard rules', () => {
  it.each([
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
  ])('lets %s through without a token', (path) => {
    expect(visit(path)).toEqual({ kind: 'allow' });
  });

  it('counts prefix matches as public (/detail/12/3, /shop/5)', () => {
    expect(visit('/detail/12/3')).toEqual({ kind: 'allow' });
    expect(visit('/shop/5')).toEqual({ kind: 'allow' });
  });

  it('lets a route the route table marks public through without a token', () => {
    expect(visit('/law', { routePublic: true })).toEqual({ kind: 'allow' });
  });

  it('redirects to /login with "loginFirst" when no token', () => {
    expect(visit('/bag')).toEqual({ kind: 'redirect', to: '/login', messageKey: 'common:loginFirst' });
    expect(visit('/myPurchases/all')).toEqual({ kind: 'redirect', to: '/login', messageKey: 'common:loginFirst' });
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
});
