import { readHistoryPaths, writeHistoryPaths } from './history-storage';
import { recordVisit, resolveBack } from './history-rules';

interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
  navigate(to: string): Promise<void> | void;
}

/** Records every navigation of the router in the stored back-navigation history. */
export const trackHistory = (router: RouterLike): (() => void) => {
  let last = '';
  const visit = ({ pathname, search }: { pathname: string; search: string }) => {
    // The router also notifies for loading states of the same location.
    if (`${pathname}${search}` === last) return;
    last = `${pathname}${search}`;
    writeHistoryPaths(recordVisit(readHistoryPaths(), pathname, search));
  };
  visit(router.state.location);
  return router.subscribe((state) => visit(state.location));
};

/** The back button: explicit URL, else the last stored page with `backs=1`, else `/index`. */
export const createGoBack =
  (router: RouterLike) =>
  (explicitUrl?: string): void => {
    const { pathname, search } = router.state.location;
    const { to, paths } = resolveBack(readHistoryPaths(), `${pathname}${search}`, explicitUrl);
    writeHistoryPaths(paths);
    void router.navigate(to);
  };
