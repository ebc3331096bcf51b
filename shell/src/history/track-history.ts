import { readHistoryPaths, writeHistoryPaths } from './history-storage';
import { recordVisit, resolveBack, type HistoryRules } from './history-rules';

/** The part of a history object (react-router's, see app/shared-history.ts) the back navigation uses. */
interface HistoryLike {
  readonly location: { pathname: string; search: string };
  listen(listener: (update: { location: { pathname: string; search: string } }) => void): () => void;
  push(to: string): void;
}

/** Records every navigation of the history in the stored back-navigation history, by the routes' rules. */
export const trackHistory = (history: HistoryLike, rules: HistoryRules): (() => void) => {
  let last = '';
  const visit = ({ pathname, search }: { pathname: string; search: string }) => {
    // A replace of the same address (e.g. only its state changed) is no new visit.
    if (`${pathname}${search}` === last) return;
    last = `${pathname}${search}`;
    writeHistoryPaths(recordVisit(readHistoryPaths(), pathname, search, rules));
  };
  visit(history.location);
  return history.listen((update) => visit(update.location));
};

/** The back button: explicit URL, else the last stored page with `backs=1`, else Home. */
export const createGoBack =
  (history: HistoryLike) =>
  (explicitUrl?: string): void => {
    const { pathname, search } = history.location;
    const { to, paths } = resolveBack(readHistoryPaths(), `${pathname}${search}`, explicitUrl);
    writeHistoryPaths(paths);
    history.push(to);
  };
