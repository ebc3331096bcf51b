import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd-mobile';
// The shell gives antd-mobile its English texts (e.g. the stepper's "increase"); so does this.
import enUS from 'antd-mobile/cjs/locales/en-US';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createAppStore } from '@marketplace/shared';
import common from '@marketplace/shared/locales/en/common.json';
import errors from '@marketplace/shared/contracts/messages/en.json';
import messages from '../locales/en.json';

/** Shows where the app navigated to, as a person would see the next page. */
const LocationProbe = () => {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
};

/** Renders one screen at `path` with the real store and English texts, as the shell would. */
export const renderScreen = async (screen: ReactElement, { path, route = path }: { path: string; route?: string }) => {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: { en: { common, errors, catalogue: messages } },
      interpolation: { escapeValue: false },
    });
  }
  const store = createAppStore();
  return {
    store,
    ...render(
      <Provider store={store}>
        <ConfigProvider locale={enUS}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={screen} />
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </ConfigProvider>
      </Provider>,
    ),
  };
};
