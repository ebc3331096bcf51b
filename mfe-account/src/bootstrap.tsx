// Standalone mount for `npm run dev -w @marketplace/mfe-account`: the account screens with the real
// store, API and translations but without the shell, so the team can work on its area alone.
import {
  addCoreNamespaces,
  addRemoteNamespace,
  createAppStore,
  detectInitialLanguage,
  I18N_BASE_OPTIONS,
} from '@marketplace/shared';
import i18next from 'i18next';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import remote from './expose/screens';

const start = async () => {
  const store = createAppStore();
  const lang = detectInitialLanguage();
  await i18next
    .use(initReactI18next)
    .init({ ...I18N_BASE_OPTIONS, lng: lang, resources: {}, partialBundledLanguages: true });
  await Promise.all([
    addCoreNamespaces(i18next, lang),
    addRemoteNamespace(i18next, remote.namespace, remote.loadMessages, lang),
  ]);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  const initialPath = window.location.pathname === '/' ? '/login' : window.location.pathname;
  createRoot(rootElement).render(
    <StrictMode>
      <Provider store={store}>
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

void start();
