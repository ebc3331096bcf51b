import { recordVisit, resolveBack, withBacks } from './history-rules';
import { readHistoryPaths, writeHistoryPaths } from './history-storage';
import { routeRules } from '../remotes/route-table';

const page = (path: string) => ({ path, titleKey: 'x:title', public: true, keepAlive: false });

/** Route metadata as the remotes publish it: the tab roots reset the history, `/service` leaves it. */
const RULES = routeRules([
  ...['/home', '/explore', '/bag', '/filter', '/index'].map((path) => ({ ...page(path), history: 'reset' as const })),
  { ...page('/service'), history: 'skip' as const },
  page('/detail/:product?/:mer?'),
]);

describe('back-navigation history', () => {
  it('pushes the full path (path + query) of each navigation', () => {
    expect(recordVisit(['/home'], '/detail/7', '?from=hot', RULES)).toEqual(['/home', '/detail/7?from=hot']);
  });

  it.each(['/home', '/explore', '/bag', '/filter', '/index'])('clears the stored history when visiting %s', (path) => {
    expect(recordVisit(['/detail/1', '/shop/2'], path, '', RULES)).toEqual([path]);
  });

  it('does not extend the history when the query has backs=1', () => {
    expect(recordVisit(['/home', '/detail/1'], '/shop/2', '?backs=1', RULES)).toEqual(['/home', '/detail/1']);
  });

  it('clears but does not extend the history for a tab root reached with backs=1', () => {
    expect(recordVisit(['/home', '/detail/1'], '/home', '?backs=1', RULES)).toEqual([]);
  });

  it.each(['/', '/service'])('does not extend the history for %s', (path) => {
    expect(recordVisit(['/home'], path, '', RULES)).toEqual(['/home']);
  });

  it('does not push the same page twice in a row', () => {
    expect(recordVisit(['/home', '/detail/1'], '/detail/1', '', RULES)).toEqual(['/home', '/detail/1']);
  });

  it('pops the last stored path and goes there with backs=1', () => {
    expect(resolveBack(['/home', '/detail/1', '/shop/2'], '/order')).toEqual({
      to: '/shop/2?backs=1',
      paths: ['/home', '/detail/1'],
    });
  });

  it('skips the current page when it is the last stored path', () => {
    expect(resolveBack(['/home', '/detail/1?x=2'], '/detail/1?x=2')).toEqual({ to: '/home?backs=1', paths: [] });
  });

  it('treats the current page reached with backs=1 as the same page', () => {
    expect(resolveBack(['/home', '/shop/2'], '/shop/2?backs=1')).toEqual({ to: '/home?backs=1', paths: [] });
  });

  it('goes to an explicit back URL instead of the stored history', () => {
    expect(resolveBack(['/home', '/detail/1'], '/order', '/myPurchases/all')).toEqual({
      to: '/myPurchases/all',
      paths: ['/home', '/detail/1'],
    });
  });

  it('goes to /index when nothing is stored', () => {
    expect(resolveBack([], '/order')).toEqual({ to: '/index', paths: [] });
  });

  it('keeps other query parameters when adding backs=1', () => {
    expect(withBacks('/products?cat=toys')).toBe('/products?cat=toys&backs=1');
  });

  it('persists the history locally under historyPaths', () => {
    writeHistoryPaths(['/home', '/detail/1']);
    expect(localStorage.getItem('historyPaths')).toBe('["/home","/detail/1"]');
    expect(readHistoryPaths()).toEqual(['/home', '/detail/1']);
  });

  it('reads a corrupted stored history as empty', () => {
    localStorage.setItem('historyPaths', '{not json');
    expect(readHistoryPaths()).toEqual([]);
  });
});
