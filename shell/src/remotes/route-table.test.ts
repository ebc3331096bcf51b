import type { DeploymentManifest } from '@marketplace/shared/contracts';
import { buildRouteTable, findRoute, routeRules } from './route-table';

const manifest: DeploymentManifest = {
  updatedAt: '2026-01-01T00:00:00.000Z',
  remotes: {
    'mfe-catalogue': {
      name: 'mfe_catalogue',
      version: '1.0.0',
      entry: '/mfe/mfe-catalogue/1.0.0/mf-manifest.json',
      namespace: 'catalogue',
      routes: [
        { path: '/home', titleKey: 'catalogue:title.home', public: true, keepAlive: true },
        { path: '/detail/:product?/:mer?', titleKey: 'catalogue:title.detail', public: true, keepAlive: false },
        { path: '/search', titleKey: 'catalogue:title.search', public: true, keepAlive: false },
        { path: '/searchs', titleKey: 'catalogue:title.searchs', public: true, keepAlive: false },
      ],
    },
    'mfe-orders': {
      name: 'mfe_orders',
      version: '2.0.0',
      entry: '/mfe/mfe-orders/2.0.0/mf-manifest.json',
      namespace: 'orders',
      routes: [
        { path: '/myPurchases/:status?', titleKey: 'orders:title.myPurchases', public: false, keepAlive: false },
      ],
    },
  },
};

describe('route table', () => {
  it('takes every route from the deployment manifest with its owning remote', () => {
    const table = buildRouteTable(manifest);
    expect(table).toHaveLength(5);
    expect(table).toContainEqual({
      path: '/myPurchases/:status?',
      titleKey: 'orders:title.myPurchases',
      public: false,
      keepAlive: false,
      remoteKey: 'mfe-orders',
    });
  });

  it('finds the route owning a path with optional parameters', () => {
    const table = buildRouteTable(manifest);
    expect(findRoute(table, '/detail/12/3')?.path).toBe('/detail/:product?/:mer?');
    expect(findRoute(table, '/detail')?.path).toBe('/detail/:product?/:mer?');
    expect(findRoute(table, '/myPurchases/0')?.remoteKey).toBe('mfe-orders');
  });

  it('tells /search and /searchs apart', () => {
    const table = buildRouteTable(manifest);
    expect(findRoute(table, '/searchs')?.titleKey).toBe('catalogue:title.searchs');
  });

  it('finds no route for an unknown path', () => {
    expect(findRoute(buildRouteTable(manifest), '/nowhere')).toBeUndefined();
  });

  it('answers a path again from its table without ranking the routes again, and a new table afresh', () => {
    const table = buildRouteTable(manifest);
    const first = findRoute(table, '/detail/12');
    const rankedSpy = jest.spyOn(Array.prototype, 'map');
    expect(findRoute(table, '/detail/12')).toBe(first);
    expect(findRoute(table, '/nowhere')).toBeUndefined();
    expect(findRoute(table, '/nowhere')).toBeUndefined();
    const mapsOfTable = rankedSpy.mock.contexts.filter((context) => context === table).length;
    rankedSpy.mockRestore();
    // One ranking for '/nowhere' (asked first here), none for the repeated questions.
    expect(mapsOfTable).toBe(1);
    const another = buildRouteTable({ ...manifest, remotes: { ...manifest.remotes } });
    expect(findRoute(another, '/detail/12')?.path).toBe('/detail/:product?/:mer?');
  });

  it('gives a kept-alive route that names a kept-alive tab the kept view of that tab, and no other route', () => {
    const route = (path: string, keepAlive: boolean) => ({ path, titleKey: 'x:title', public: true, keepAlive });
    const tab = { order: 1, icon: 'home' as const, labelKey: 'common:tab.home' };
    const rules = routeRules([
      { ...route('/home', true), tab },
      { ...route('/index', true), tabOf: '/home' },
      // Shows Home's tab but is a page of its own (not kept alive): drawn afresh each visit.
      { ...route('/popular', false), tabOf: '/home' },
      { ...route('/explore', false), tab: { ...tab, order: 2, icon: 'explore' as const } },
      // Names a tab that is not kept alive: nothing to share.
      { ...route('/discover', true), tabOf: '/explore' },
    ]);
    expect([...rules.keptViewOf]).toEqual([['/index', '/home']]);
  });
});
