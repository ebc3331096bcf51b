import { Spinner } from '@marketplace/shared';
import { Suspense, useEffect, useState } from 'react';
import { clearAreaFailed, markAreaFailed } from './failed-area';
import { useTranslation } from 'react-i18next';
import { RemoteBoundary } from './remote-boundary';
import { fallBackAfterRenderError, forgetRemoteModule } from './remote-registry';
import { RemoteScreen } from './remote-screen';
import type { AppRoute } from './route-table';
import { note, noteScreen } from '../telemetry/hooks';

const AreaLoading = () => {
  const { t } = useTranslation('common');
  return (
    <div className="shell-area-loading" role="status" aria-label={t('loading')}>
      <Spinner />
    </div>
  );
};

/** A route's screen, downloaded on first visit, behind its own loading state and error boundary. */
export const RemoteArea = ({ route }: { route: AppRoute }) => {
  const [attempt, setAttempt] = useState(0);
  noteScreen(route.remoteKey, route.path);
  // The failure panel keeps the tab bar while it shows (failed-area.ts); leaving the page takes it away.
  useEffect(() => () => clearAreaFailed(route.path), [route.path]);
  const retry = () => {
    clearAreaFailed(route.path);
    forgetRemoteModule(route.remoteKey);
    setAttempt((n) => n + 1);
  };
  // A version that throws on its first screen gives way to the last version that rendered here.
  const onError = (error: Error) => {
    note('error', route.remoteKey, undefined, route.path);
    if (!fallBackAfterRenderError(route.remoteKey, error)) return false;
    setAttempt((n) => n + 1);
    return true;
  };
  return (
    <RemoteBoundary key={attempt} onRetry={retry} onError={onError} onFailed={() => markAreaFailed(route.path)}>
      <Suspense fallback={<AreaLoading />}>
        <RemoteScreen route={route} />
      </Suspense>
    </RemoteBoundary>
  );
};
