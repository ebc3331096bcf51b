import { use, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberGoodVersion } from './last-good-versions';
import { loadRemoteModule } from './remote-registry';
import type { AppRoute } from './route-table';

/**
 * Suspends on the remote's download. The promise is cached per remote at module level (like a
 * module-level `React.lazy`): one created per render would restart the download on every
 * transition and loop forever on a failing remote.
 */
export const RemoteScreen = ({ route }: { route: AppRoute }) => {
  const { t } = useTranslation('common');
  const { module, remote } = use(loadRemoteModule(route.remoteKey));
  const Screen = module.screens[route.path];
  const rendered = Boolean(Screen);
  useEffect(() => {
    if (rendered) rememberGoodVersion(route.remoteKey, remote);
  }, [rendered, route.remoteKey, remote]);
  if (!Screen) throw new Error(t('remoteError.missingScreen', { path: route.path }));
  return <Screen />;
};
