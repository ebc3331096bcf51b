import { setBackHandler, setNavigator } from '@marketplace/shared';
import { Navigate, createBrowserRouter } from 'react-router-dom';
import { createGoBack, trackHistory } from '../history/track-history';
import { AppLayout } from '../layout/app-layout';
import type { AppRoute } from '../remotes/route-table';

/**
 * Only `/` is the shell's own route; every other path is resolved by the layout against the route
 * table the deployed remotes publish, so it can keep several pages mounted at once.
 */
export const createAppRouter = (routes: readonly AppRoute[]) => {
  const router = createBrowserRouter([
    { path: '/', element: <Navigate to="/index" replace /> },
    { path: '*', element: <AppLayout routes={routes} /> },
  ]);
  setNavigator((path) => void router.navigate(path));
  setBackHandler(createGoBack(router));
  trackHistory(router);
  return router;
};
