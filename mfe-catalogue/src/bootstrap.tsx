// Standalone mount for `npm run dev -w <remote>`: the remote's screens with the real store, API
// and translations but without the shell, so a feature team can work on its area alone.
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createAppStore, loadCommonMessages, loadErrorMessages } from '@marketplace/shared';
import { DEFAULT_LANGUAGE } from '@marketplace/shared/contracts';
import remote from './expose/screens';
import routes from './expose/routes.json';

/** `/myPurchases/:status?` → `/myPurchases`: a concrete path to open first. */
const firstPath = (routes[0]?.path ?? '/').replace(/\/:[^/]+\?/g, '');

const start = async (lang: string) => {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['common', 'errors', remote.namespace],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  const [common, errors, own] = await Promise.all([
    loadCommonMessages(lang),
    loadErrorMessages(lang),
    remote.loadMessages(lang),
  ]);
  i18next.addResourceBundle(lang, 'common', common);
  i18next.addResourceBundle(lang, 'errors', errors);
  i18next.addResourceBundle(lang, remote.namespace, own);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  const initialPath = window.location.pathname === '/' ? firstPath : window.location.pathname;
  createRoot(rootElement).render(
    <StrictMode>
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={[`${initialPath}${window.location.search}`]}>
          <Suspense>
            <Routes>
              {Object.entries(remote.screens).map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Routes>
          </Suspense>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
};

void start(new URLSearchParams(window.location.search).get('lang') ?? DEFAULT_LANGUAGE);
