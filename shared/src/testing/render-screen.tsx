import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/cjs/locales/en-US';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createAppStore, type SessionState } from '@marketplace/shared';
import common from '../i18n/locales/en/common.json';
import errors from '../contracts/messages/en.json';

/** Shows where the app navigated to, as a person would see the next page. */
const LocationProbe = () => {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
};

export interface RenderScreenOptions {
  path: string;
  /** The route pattern, when it differs from the path (default: the path without its query). */
  route?: string;
  session?: SessionState;
}

/**
 * A remote's `renderScreen`: one screen at `path` with the real store, English texts (common, errors
 * and the remote's own namespace) and antd-mobile's English texts, as the shell would render it.
 */
export const createScreenRenderer =
  (namespace: string, messages: Record<string, unknown>) =>
  async (screen: ReactElement, { path, route, session }: RenderScreenOptions) => {
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init({
        lng: 'en',
        fallbackLng: 'en',
        defaultNS: 'common',
        resources: { en: { common, errors, [namespace]: messages } },
        interpolation: { escapeValue: false },
      });
    }
    const store = createAppStore(session);
    return {
      store,
      ...render(
        <Provider store={store}>
          <ConfigProvider locale={enUS}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path={route ?? path.split('?')[0]} element={screen} />
                <Route path="*" element={<LocationProbe />} />
              </Routes>
            </MemoryRouter>
          </ConfigProvider>
        </Provider>,
      ),
    };
  };
