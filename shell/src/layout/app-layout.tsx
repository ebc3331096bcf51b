import { selectToken, selectUserInfo, Spinner, useAppSelector, useScreenTitleKey } from '@marketplace/shared';
import { Activity, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation, type Location } from 'react-router-dom';
import { DIAGNOSTICS_PATH, DIAGNOSTICS_TITLE_KEY } from '../diagnostics/diagnostics-route';
import { RemoteArea } from '../remotes/remote-area';
import { useFailedAreaPath } from '../remotes/failed-area';
import { deploymentGeneration } from '../remotes/remote-registry';
import { findRoute, routeRules, type AppRoute } from '../remotes/route-table';
import { forgetAccount, rememberAccount } from '../session/last-seen-account';
import { useRouteGuard } from '../session/use-route-guard';
import { NotFoundPage } from './not-found-page';
import { ConnectionBanner } from './connection-banner';
import { InlineRetry } from './inline-retry';
import { StartSkeleton } from './start-skeleton';
import { AppTabBar } from './tab-bar';
import { useDocumentTitle } from './use-document-title';
import { useScrollMemory } from './use-scroll-memory';
import './app-layout.css';

/**
 * A route rendered at a fixed location, so a hidden kept-alive page keeps reading its own URL
 * and parameters while another page is shown.
 */
const RouteView = ({ route, location }: { route: AppRoute; location: Location }) => (
  <Routes location={location}>
    <Route path={route.path} element={<RemoteArea route={route} />} />
  </Routes>
);

// Support and release managers open it, shoppers hardly ever: its code (and antd-mobile's List) loads
// when it is visited, not with every first page.
const DiagnosticsPage = lazy(() =>
  import('../diagnostics/diagnostics-page').then((module) => ({ default: module.DiagnosticsPage })),
);

const PageLoading = () => {
  const { t } = useTranslation('common');
  return (
    <div className="shell-area-loading" role="status" aria-label={t('loading')}>
      <Spinner />
    </div>
  );
};

/**
 * The user info could not be fetched (timeout, server down): the shopper stays signed in and may retry;
 * the page's outline stays under the Retry.
 */
const SessionUnavailable = ({ message, onRetry }: { message: string; onRetry(): void }) => {
  const { t } = useTranslation('common');
  return (
    <>
      <InlineRetry
        title={t('session.unavailable')}
        description={message}
        retryLabel={t('retry')}
        onRetry={onRetry}
        retryWhenOnline={false}
      />
      <StartSkeleton />
    </>
  );
};

/**
 * `generation`: the remote's deployment generation when the shopper last came to the view. A view entered
 * after its remote's live version changed (a rollback reaching this open tab) is drawn afresh from the
 * version now live; while the shopper stays on it, it is left alone.
 */
type KeptViews = Record<string, { route: AppRoute; location: Location; generation: number }>;

const KeptAliveLayout = ({ routes }: { routes: readonly AppRoute[] }) => {
  const location = useLocation();
  // The shell's one page of its own; it needs a login like any non-public page.
  const diagnostics = location.pathname === DIAGNOSTICS_PATH;
  const route = diagnostics ? undefined : findRoute(routes, location.pathname);
  // An unknown path is guarded like any page (requirements §2.3: any other page without a token → login first);
  // a signed-in shopper gets the 404 page.
  const rules = routeRules(routes);
  const decision = useRouteGuard(
    location.pathname,
    diagnostics ? false : (route?.public ?? false),
    rules.publicPrefixes,
  );
  const allowed = decision.kind === 'allow';
  const [kept, setKept] = useState<KeptViews>({});

  // The remote's deployment generation as the shopper came to this location (read on navigation only).
  const [arrival, setArrival] = useState({ location, generation: route ? deploymentGeneration(route.remoteKey) : 0 });
  if (arrival.location !== location) {
    setArrival({ location, generation: route ? deploymentGeneration(route.remoteKey) : 0 });
  }

  // One view per kept-alive screen: `/index` and `/home` are one Home (its list, its scroll), not two.
  const keptPath = allowed && route?.keepAlive ? (rules.keptViewOf.get(route.path) ?? route.path) : null;
  if (keptPath && route && kept[keptPath]?.location !== location) {
    setKept({ ...kept, [keptPath]: { route, location, generation: deploymentGeneration(route.remoteKey) } });
  }

  // A screen that is one of two things (adds or edits) names itself; else the route's title.
  const screenTitleKey = useScreenTitleKey();
  useDocumentTitle(
    diagnostics ? DIAGNOSTICS_TITLE_KEY : (screenTitleKey ?? route?.titleKey ?? 'common:notFound.title'),
  );
  useScrollMemory(keptPath ?? location.pathname, Boolean(keptPath));

  // Nothing of a guarded page (not even "Page not found") shows before the guard lets it through.
  const page = !allowed ? (
    decision.kind === 'unavailable' ? (
      <SessionUnavailable message={decision.message} onRetry={decision.retry} />
    ) : decision.kind === 'fetchUserInfo' ? (
      <StartSkeleton />
    ) : (
      <PageLoading />
    )
  ) : diagnostics ? (
    <Suspense fallback={<PageLoading />}>
      <DiagnosticsPage />
    </Suspense>
  ) : !route ? (
    <NotFoundPage />
  ) : route.keepAlive ? null : (
    // Keyed by route so one area's failure (its error boundary) never carries over to the next page, and by
    // the remote's deployment generation so a page entered after a rollback draws the version now live.
    <RouteView key={`${route.path}:${arrival.generation}`} route={route} location={location} />
  );

  // The tab bar shows on the paths the routes' metadata gives it (a tab, or a route naming its tab), and
  // under the panel of an area that failed to load, so the shopper can always go elsewhere.
  const failedPath = useFailedAreaPath();
  const areaFailed = Boolean(route && allowed && failedPath === route.path);
  const activeTab = rules.tabBar.get(location.pathname) ?? (areaFailed ? '' : undefined);

  return (
    <>
      <ConnectionBanner />
      <main className={activeTab !== undefined ? 'shell-page shell-page--with-tabs' : 'shell-page'}>
        {Object.entries(kept).map(([path, view]) => (
          <Activity key={path} mode={path === keptPath ? 'visible' : 'hidden'}>
            <RouteView key={view.generation} route={view.route} location={view.location} />
          </Activity>
        ))}
        {page}
      </main>
      {activeTab !== undefined && <AppTabBar tabs={rules.tabs} active={activeTab} />}
    </>
  );
};

/** Kept-alive pages belong to one session: signing in or out starts them afresh. */
export const AppLayout = ({ routes }: { routes: readonly AppRoute[] }) => {
  const signedIn = Boolean(useAppSelector(selectToken));
  const user = useAppSelector(selectUserInfo);
  // The shopper a slow start shows before the account call answers (start-skeleton.tsx); signing out forgets it.
  useEffect(() => {
    if (user) rememberAccount(user);
    else if (!signedIn) forgetAccount();
  }, [user, signedIn]);
  return <KeptAliveLayout key={signedIn ? 'member' : 'guest'} routes={routes} />;
};
