import { links, setBackHandler, setNavigator } from '@marketplace/shared';
import {
  Navigate,
  Route,
  Routes,
  UNSAFE_createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { createGoBack, trackHistory } from '../history/track-history';
import { applyUpdate, hasUpdateWaiting } from '../service-worker/update';
import { AppLayout } from '../layout/app-layout';
import { routeRules, type AppRoute } from '../remotes/route-table';
import { withListeners, type AppHistory } from './shared-history';

export interface AppRouter {
  history: AppHistory;
  routes: readonly AppRoute[];
}

/**
 * The shell's router runs on the browser's history through react-router's declarative router, not
 * its data router: no app uses loaders, actions or fetchers, and the data router's state machine
 * was ~17 KB gzip of the first load (it travels in the shared `react-router-dom`, see
 * shared/federation/react-router-client.mjs). Navigations still render in transitions.
 */
export const createAppRouter = (routes: readonly AppRoute[]): AppRouter => {
  const history = withListeners(UNSAFE_createBrowserHistory({ v5Compat: true }));
  setNavigator((path) => history.push(path));
  setBackHandler(createGoBack(history));
  trackHistory(history, routeRules(routes));
  // A new shell version waiting (service worker) is applied at the next navigation: a reload there.
  history.listen(() => {
    if (hasUpdateWaiting()) applyUpdate();
  });
  return { history, routes };
};

/**
 * Only `/` is the shell's own route; every other path is resolved by the layout against the route
 * table the deployed remotes publish, so it can keep several pages mounted at once.
 */
export const AppRoutes = ({ router }: { router: AppRouter }) => (
  <HistoryRouter history={router.history}>
    <Routes>
      <Route path="/" element={<Navigate to={links.home()} replace />} />
      <Route path="*" element={<AppLayout routes={router.routes} />} />
    </Routes>
  </HistoryRouter>
);
