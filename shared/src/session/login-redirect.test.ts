import { loginRedirect, returnPathAfterLogin } from './login-redirect';

describe('the round trip through /login', () => {
  it('remembers the page asked for, query string included', () => {
    expect(loginRedirect('/myPurchases/1?backs=1')).toBe(
      `/login?redirect=${encodeURIComponent('/myPurchases/1?backs=1')}`,
    );
    expect(returnPathAfterLogin('/myPurchases/0?tab=1')).toBe('/myPurchases/0?tab=1');
  });

  it('never asks the login to return to the login page or to the root', () => {
    expect(loginRedirect('/login')).toBe('/login');
    expect(loginRedirect('/login?redirect=%2Fbag')).toBe('/login');
    expect(loginRedirect('/')).toBe('/login');
  });

  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/login?redirect=/x'])(
    'returns to / rather than to redirect=%s',
    (redirect) => {
      expect(returnPathAfterLogin(redirect)).toBe('/');
    },
  );
});
