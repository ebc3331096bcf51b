import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/cjs/locales/en-US';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createAppStore, type SessionState } from '@marketplace/shared';
import type { UserInfo } from '@marketplace/shared/contracts';
import common from '@marketplace/shared/locales/en/common.json';
import errors from '@marketplace/shared/contracts/messages/en.json';
import messages from '../locales/en.json';

/** Shows where the app navigated to, as a person would see the next page. */
const LocationProbe = () => {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
};

export const demoUser: UserInfo = {
  id: 1,
  account: 'demo',
  familyName: 'Chen',
  givenName: 'Mei',
  email: 'demo@example.com',
  mobile: '+1 555 0100',
  balance: 100_000,
  hasPaymentCode: true,
  lang: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A signed-in session as the shell holds it after login. */
export const signedIn = (
  userInfo: UserInfo | null = demoUser,
  backData: Record<string, unknown> = {},
): SessionState => ({
  token: 'token-1',
  userInfo,
  backData,
  setting: { lang: { language_name: 'English', chinese_name: '英语', file_name: 'en' } },
});

interface RenderOptions {
  path: string;
  /** The route pattern, when it differs from the path. */
  route?: string;
  session?: SessionState;
}

/** Renders one screen at `path` with the real store and English texts, as the shell would. */
export const renderScreen = async (screen: ReactElement, { path, route, session }: RenderOptions) => {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: { en: { common, errors, orders: messages } },
      interpolation: { escapeValue: false },
    });
  }
  const store = createAppStore(session);
  return {
    store,
    ...render(
      <Provider store={store}>
        {/* As the shell provides it: antd-mobile's own texts (e.g. the uploader's "Upload") in English. */}
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
