/**
 * What the console's screen tests share: envelope answers (built with shared's test kit) and the whole console app rendered in its providers on the real API client, the server answered
 * by a route. jsdom's missing matchMedia comes from the project's setup (setup-match-media.ts).
 */
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { envelope, jsonResponse } from '@marketplace/shared/testing';
import { createApi, type ApiClient } from '../api';
import { ConsoleApp } from '../app';
import { createI18n } from '../i18n';
import { SessionProvider, type Role } from '../session';

/** The server's answer with `data` (its envelope, code 1), as shared's fake server writes it. */
export const ok = (data: unknown) => jsonResponse(envelope(data, 1, 'ok'));
/** A refusal with the server's message, its HTTP `status` and what it explains in `data`. */
export const refusal = (status: number, msg: string, data: unknown = null) =>
  jsonResponse(envelope(data, 0, msg), status);

/** The console app at `path` (the router's start if none) on `api`, in the providers `index.tsx` gives it. */
export const renderApp = (api: ApiClient, path?: string) =>
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <AntApp>
        <SessionProvider api={api}>
          <MemoryRouter {...(path ? { initialEntries: [path] } : {})}>
            <ConsoleApp />
          </MemoryRouter>
        </SessionProvider>
      </AntApp>
    </I18nextProvider>,
  );

/**
 * The console at `path`, signed in as `operator` with `roles`, the server answered by `route`; the calls the
 * API client made (`METHOD url`, and the body after it when `bodies`).
 */
export const renderConsole = (
  roles: Role[],
  path: string,
  route: (url: string, init: RequestInit) => Response,
  {
    operator = { id: 3, name: 'fiona' },
    bodies = false,
  }: { operator?: { id: number; name: string }; bodies?: boolean } = {},
) => {
  const calls: string[] = [];
  const api = createApi({
    language: () => 'en',
    fetch: async (url, init = {}) => {
      calls.push(`${init.method ?? 'GET'} ${String(url)}${bodies && init.body ? ` ${String(init.body)}` : ''}`);
      if (String(url) === '/api/admin/auth/me') return ok({ ...operator, roles });
      return route(String(url), init);
    },
  });
  renderApp(api, path);
  return calls;
};
