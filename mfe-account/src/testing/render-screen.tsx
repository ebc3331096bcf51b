import {
  createAppStore,
  loadCommonMessages,
  loadErrorMessages,
  useScreenTitleKey,
  type SessionState,
} from '@marketplace/shared';
import type { UserInfo } from '@marketplace/shared/contracts';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { useEffect, type ReactElement } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import routes from '../expose/routes.json';
import messages from '../locales/en.json';

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
export const signedIn = (userInfo: UserInfo | null = demoUser): SessionState => ({
  token: 'token-1',
  userInfo,
  backData: {},
  setting: { lang: { language_name: 'English', chinese_name: '英语', file_name: 'en' } },
});

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

const initI18n = async () => {
  if (i18next.isInitialized) return;
  const [common, errors] = await Promise.all([loadCommonMessages('en'), loadErrorMessages('en')]);
  await i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    lowerCaseLng: true,
    load: 'currentOnly',
    defaultNS: 'common',
    resources: { en: { common, errors, account: messages } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
};

interface RenderOptions {
  /** The URL the screen opens at. */
  path: string;
  /** The route pattern, when it differs from the path (query strings). */
  route?: string;
  session?: SessionState;
}

/** Renders one screen with the real store, base query and English texts, as the shell would. */
export const renderScreen = async (screen: ReactElement, { path, route, session }: RenderOptions) => {
  await initI18n();
  const store = createAppStore(session);
  const pattern = route ?? path.split('?')[0];
  const view = render(
    <Provider store={store}>
      <DocumentTitle routeTitleKey={routes.find((entry) => entry.path === pattern)?.titleKey} />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route ?? path.split('?')[0]} element={screen} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
};
