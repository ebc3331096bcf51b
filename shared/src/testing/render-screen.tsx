import { useEffect, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/cjs/locales/en-US';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createAppStore } from '../session/store';
import type { SessionState } from '../session/session-slice';
import { useScreenTitleKey } from '../ui/screen-title';
import { initTestI18n } from './init-test-i18n';

/** Shows where the app navigated to, as a person would see the next page. */
const LocationProbe = () => {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
};

/** Sets the document title as the shell does: the screen's own title key, else its route's. */
const DocumentTitle = ({ routeTitleKey }: { routeTitleKey: string | undefined }) => {
  const { t } = useTranslation();
  const titleKey = useScreenTitleKey() ?? routeTitleKey;
  useEffect(() => {
    document.title = titleKey ? t(titleKey) : '';
  }, [t, titleKey]);
  return null;
};

export interface RenderScreenOptions {
  path: string;
  /** The route pattern, when it differs from the path (default: the path without its query). */
  route?: string;
  session?: SessionState;
}

/** What the renderer needs of a remote's route metadata: the title key of each path. */
export interface TitledRoute {
  path: string;
  titleKey?: string;
}

/**
 * A remote's `renderScreen`: one screen at `path` with the real store, English texts (common, errors
 * and the remote's own namespace), antd-mobile's English texts and the document title of its route,
 * as the shell would render it.
 */
export const createScreenRenderer =
  (namespace: string, messages: Record<string, unknown>, routes: readonly TitledRoute[] = []) =>
  async (screen: ReactElement, { path, route, session }: RenderScreenOptions) => {
    await initTestI18n({ [namespace]: messages });
    const store = createAppStore(session);
    const pattern = route ?? path.split('?')[0];
    return {
      store,
      ...render(
        <Provider store={store}>
          <DocumentTitle routeTitleKey={routes.find((entry) => entry.path === pattern)?.titleKey} />
          <ConfigProvider locale={enUS}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path={pattern} element={screen} />
                <Route path="*" element={<LocationProbe />} />
              </Routes>
            </MemoryRouter>
          </ConfigProvider>
        </Provider>,
      ),
    };
  };
