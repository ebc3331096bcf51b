import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberGoodVersion } from './last-good-versions';
import { loadRemoteModule } from './remote-registry';
import type { AppRoute } from './route-table';

/**
 * Suspends on the remote's download. The promise is cached per remote at module level (like a
 * module-level `React.lazy`): one created per render would restart the download on every
 * transition and loop forever on a failing remote. A drawn screen keeps the version it was drawn
 * with (its own state): after a rollback (followDeployment) the version now live is what the next
 * screen of that remote loads, never a screen the shopper is using.
 */
export const RemoteScreen = ({ route }: { route: AppRoute }) => {
  const { t } = useTranslation('common');
  const [pending] = useState(() => loadRemoteModule(route.remoteKey));
  const { module, remote } = use(pending);
  const Screen = module.screens[route.path];
  const rendered = Boolean(Screen);
  useEffect(() => {
    if (rendered) rememberGoodVersion(route.remoteKey, remote);
  }, [rendered, route.remoteKey, remote]);
  if (!Screen) throw new Error(t('remoteError.missingScreen', { path: route.path }));
  return <Screen />;
};
