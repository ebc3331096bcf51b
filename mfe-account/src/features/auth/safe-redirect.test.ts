import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows paths inside the app', () => {
    expect(safeRedirect('/myPurchases/0?tab=1')).toBe('/myPurchases/0?tab=1');
  });
  it('goes to / when there is no redirect, or it leads off the site or back to login', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
});
