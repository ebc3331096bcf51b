import { routeModuleSchema, type RouteMeta } from '@marketplace/shared/contracts';
import { links } from '../../shared/src/links';
import { linkMatchesRoute } from './shared-contract';

type RouteDefinition = RouteMeta & { screen: unknown };

/**
 * Every remote's route module. Loaded by a computed name, so the type check of this package does not
 * follow the modules into the remotes' screens (they are checked with the remotes' own settings).
 */
const REMOTES = ['mfe-account', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet'];
const modules: Record<string, RouteDefinition[]> = {};
/** The metadata as the builds publish it (routes.json: each route without its screen). */
let metadata: RouteMeta[] = [];
let paths: string[] = [];
beforeAll(async () => {
  for (const remote of REMOTES) {
    modules[remote] = ((await import(`../../${remote}/src/expose/routes`)) as { routes: RouteDefinition[] }).routes;
  }
  metadata = Object.values(modules).flatMap((routes) => routes.map(({ screen: _screen, ...meta }) => meta));
  paths = metadata.map((route) => route.path);
});

/** One call of each links builder, with the arguments a screen passes. */
const samples: Record<keyof typeof links, string> = {
  home: links.home(),
  detail: links.detail(12),
  shop: links.shop(5),
  favouriteShops: links.favouriteShops(),
  savedProducts: links.savedProducts(),
  bag: links.bag(),
  homeTab: links.homeTab(),
  checkout: links.checkout(),
  orders: links.orders(1),
  order: links.order(7),
  topUp: links.topUp(),
  withdraw: links.withdraw(),
  capitalRecords: links.capitalRecords(),
  topUpRecords: links.topUpRecords(),
  withdrawalRecords: links.withdrawalRecords(),
  payment: links.payment(),
  login: links.login(),
  paymentCode: links.paymentCode(),
  complaint: links.complaint(),
  vip: links.vip(),
};

describe("the remotes' route modules", () => {
  it.each(REMOTES)('%s publishes valid route metadata', (remote) => {
    const routes = modules[remote]!;
    expect(routes.length).toBeGreaterThan(0);
    const parsed = routeModuleSchema.safeParse(routes.map(({ screen: _screen, ...meta }) => meta));
    expect(parsed.error?.issues ?? []).toEqual([]);
    for (const route of routes) expect(route.screen).toBeDefined();
  });

  it('give each path to one remote only', () => {
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it("declare the tab bar's four tabs, each once, and only tabs as `tabOf`", () => {
    const tabs = metadata.filter((route) => route.tab).sort((a, b) => a.tab!.order - b.tab!.order);
    expect(tabs.map((route) => route.tab!.icon)).toEqual(['home', 'explore', 'bag', 'me']);
    for (const route of metadata.filter((entry) => entry.tabOf)) {
      expect(tabs.map((tab) => tab.path)).toContain(route.tabOf);
    }
  });
});

describe('links into another remote', () => {
  it('has a sample call for every builder', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(links).sort());
  });

  it.each(Object.entries(links))("%s names a route some remote's route module declares", (_name, link) => {
    expect(paths).toContain(link.pattern);
  });

  it.each(Object.entries(samples))('%s builds a path its route owns', (name, built) => {
    expect(linkMatchesRoute(built, links[name as keyof typeof links].pattern)).toBe(true);
  });
});
