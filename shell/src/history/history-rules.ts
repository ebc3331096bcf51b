import { links } from '@marketplace/shared';
import type { RouteRules } from '../remotes/route-table';

/** The paths whose visit resets or leaves the history, from the routes' metadata (`routeRules`). */
export type HistoryRules = Pick<RouteRules, 'historyReset' | 'historySkip'>;

const BACKS_PARAM = 'backs';

/** Requirements §2.4 marks a navigation made by the back button with `backs=1`. */
const isBackNavigation = (search: string): boolean => new URLSearchParams(search).get(BACKS_PARAM) === '1';

const withoutBacks = (fullPath: string): string => {
  const [path = '', query] = splitPath(fullPath);
  const params = new URLSearchParams(query);
  params.delete(BACKS_PARAM);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
};

const splitPath = (fullPath: string): [string, string] => {
  const at = fullPath.indexOf('?');
  return at < 0 ? [fullPath, ''] : [fullPath.slice(0, at), fullPath.slice(at + 1)];
};

/** `fullPath` with `backs=1` added to its query. */
export const withBacks = (fullPath: string): string => {
  const [path, query] = splitPath(fullPath);
  const params = new URLSearchParams(query);
  params.set(BACKS_PARAM, '1');
  return `${path}?${params.toString()}`;
};

/**
 * The stored history after visiting `pathname` + `search`: a route whose metadata says `history: 'reset'`
 * (tab roots) starts a fresh history, back navigations, `/` and `history: 'skip'` routes leave it as it
 * is, anything else is pushed.
 */
export const recordVisit = (
  paths: readonly string[],
  pathname: string,
  search: string,
  rules: HistoryRules,
): string[] => {
  const base = rules.historyReset.has(pathname) ? [] : [...paths];
  if (isBackNavigation(search) || rules.historySkip.has(pathname)) return base;
  const fullPath = `${pathname}${search}`;
  // A re-render or replace of the same page must not make the back button stay in place.
  if (base[base.length - 1] === fullPath) return base;
  base.push(fullPath);
  return base;
};

const FALLBACK_BACK_PATH = links.home();

/**
 * Where the back button goes: the explicit URL when given, else the last stored path that is not
 * the current page (with `backs=1`), else Home (`links.home`). `paths` is what remains stored afterwards.
 */
export const resolveBack = (
  paths: readonly string[],
  currentFullPath: string,
  explicitUrl?: string,
): { to: string; paths: string[] } => {
  const remaining = [...paths];
  if (explicitUrl) return { to: explicitUrl, paths: remaining };
  const current = withoutBacks(currentFullPath);
  let target = remaining.pop();
  while (target !== undefined && withoutBacks(target) === current) target = remaining.pop();
  return target === undefined
    ? { to: FALLBACK_BACK_PATH, paths: remaining }
    : { to: withBacks(target), paths: remaining };
};
