import { UNSAFE_createMemoryHistory } from 'react-router-dom';
import { withListeners } from '../app/shared-history';
import { createGoBack, trackHistory } from './track-history';
import { readHistoryPaths } from './history-storage';
import { routeRules } from '../remotes/route-table';

const page = (path: string) => ({ path, titleKey: 'x:title', public: true, keepAlive: false });

/** Route metadata as the remotes publish it: the tab roots reset the history, `/service` leaves it. */
const RULES = routeRules([
  ...['/home', '/explore', '/bag', '/filter', '/index'].map((path) => ({ ...page(path), history: 'reset' as const })),
  { ...page('/service'), history: 'skip' as const },
  page('/detail/:product?/:mer?'),
]);

const makeHistory = (initial: string) =>
  withListeners(UNSAFE_createMemoryHistory({ initialEntries: [initial], v5Compat: true }));

describe('history tracking with the router', () => {
  beforeEach(() => localStorage.clear());

  it('stores each navigation and goes back to the previous page with backs=1', async () => {
    const history = makeHistory('/home');
    const stop = trackHistory(history, RULES);
    history.push('/detail/3?from=hot');
    history.push('/shop/9');
    expect(readHistoryPaths()).toEqual(['/home', '/detail/3?from=hot', '/shop/9']);

    createGoBack(history)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.location.pathname).toBe('/detail/3');
    expect(new URLSearchParams(history.location.search).get('backs')).toBe('1');
    expect(new URLSearchParams(history.location.search).get('from')).toBe('hot');
    expect(readHistoryPaths()).toEqual(['/home']);
    stop();
  });

  it('goes to /index when the stored history is empty', async () => {
    const history = makeHistory('/service');
    const stop = trackHistory(history, RULES);
    createGoBack(history)();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.location.pathname).toBe('/index');
    stop();
  });

  it('goes to the explicit back URL when one is given', async () => {
    const history = makeHistory('/home');
    const stop = trackHistory(history, RULES);
    history.push('/orderInfo/5');
    createGoBack(history)('/myPurchases/all');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.location.pathname).toBe('/myPurchases/all');
    stop();
  });
});
