import { Spinner } from '@marketplace/shared';
import type { DeploymentManifest } from '@marketplace/shared/contracts';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startFollowingDeployment } from '../remotes/follow-deployment';
import { setDeployment } from '../remotes/remote-registry';
import { buildRouteTable } from '../remotes/route-table';
import { AppRoutes, createAppRouter, type AppRouter } from './router';
import { StartupError } from './startup-error';

type Phase = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; router: AppRouter };

/** Fetches the deployment manifest, then opens the app on the route table it describes. */
export const Startup = ({ loadManifest }: { loadManifest(): Promise<DeploymentManifest> }) => {
  const { t } = useTranslation('common');
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    loadManifest().then(
      (manifest) => {
        if (!current) return;
        setDeployment(manifest);
        const router = createAppRouter(buildRouteTable(manifest));
        // The whole app's first render: a transition, drawn in slices that leave the main thread free.
        startTransition(() => setPhase({ kind: 'ready', router }));
      },
      (error: unknown) => {
        console.error('Deployment manifest could not be loaded', error);
        if (current) setPhase({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [loadManifest, attempt]);

  // Once open, the page follows the deployment: a rollback reaches it without a reload.
  const ready = phase.kind === 'ready';
  useEffect(() => (ready ? startFollowingDeployment() : undefined), [ready]);

  const failed = phase.kind === 'failed';
  const retry = useCallback(() => {
    setPhase({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  // Back online, the app starts by itself.
  useEffect(() => {
    if (!failed) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, retry]);

  if (phase.kind === 'ready') return <AppRoutes router={phase.router} />;
  if (phase.kind === 'failed') return <StartupError onRetry={retry} />;
  return (
    <div className="shell-area-loading" role="status" aria-label={t('loading')}>
      <Spinner />
    </div>
  );
};
