// Standalone mount for `npm run dev -w <remote>`: a remote's screens with the real store, API and
// translations but without the shell, so a feature team can work on its area alone. Not part of the
// federated singleton: only a remote's own dev entry (`src/bootstrap.tsx`) imports it.
import {
  addCoreNamespaces,
  addRemoteNamespace,
  createAppStore,
  detectInitialLanguage,
  htmlLangPlurals,
  I18N_BASE_OPTIONS,
  type RemoteModule,
} from '@marketplace/shared';
import i18next from 'i18next';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** `/myPurchases/:status?` → `/myPurchases`: a concrete path to open when the dev server opens at `/`. */
export const concretePath = (routePath: string): string => routePath.replace(/\/:[^/]+\?/g, '') || '/';

export const mountRemoteStandalone = async (remote: RemoteModule, firstRoutePath: string): Promise<void> => {
  const lang = new URLSearchParams(window.location.search).get('lang') ?? detectInitialLanguage();
  await i18next
    .use(initReactI18next)
    .use(htmlLangPlurals)
    .init({ ...I18N_BASE_OPTIONS, lng: lang, resources: {}, partialBundledLanguages: true });
  await Promise.all([
    addCoreNamespaces(i18next, lang),
    addRemoteNamespace(i18next, remote.namespace, remote.loadMessages, lang),
  ]);

  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root');
  const initialPath = window.location.pathname === '/' ? concretePath(firstRoutePath) : window.location.pathname;
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
