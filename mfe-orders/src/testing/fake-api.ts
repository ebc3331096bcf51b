import { clearOverlays } from '@marketplace/shared/testing';
import type { Envelope } from '@marketplace/shared/contracts';
import { demoUser } from './render-screen';

type Reply = { status?: number; body: Envelope };
type Handler = (body: unknown, search: URLSearchParams) => Reply;

/** A request the screen sent, with its JSON body already read. */
export interface SentCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const ok = <T>(data: T, msg = ''): Reply => ({ body: { code: 1, msg, data } });
export const fail = (msg: string, data: unknown = null, code = 0): Reply => ({ body: { code, msg, data } });

/** What every screen may read besides its own calls: the payment sheet shows the balance. */
const COMMON_ROUTES: Record<string, Handler | Reply> = {
  'GET /api/user/getUserInfo': ok(demoUser),
};

/**
 * A fake API server: `routes` (and the common reads above, unless overridden) answer `METHOD /api/path`;
 * anything else fails the test. Every call is recorded, so a test can prove that an invalid form sent nothing.
 */
export const fakeApi = (screenRoutes: Record<string, Handler | Reply>) => {
  const routes = { ...COMMON_ROUTES, ...screenRoutes };
  const calls: SentCall[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body,
    });
    const route = routes[`${request.method} ${url.pathname}`];
    if (!route) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    const reply = typeof route === 'function' ? route(body, url.searchParams) : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const sentTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, sentTo };
};

/** Each test starts with no open toast or dialog and an empty repeat-submit record. */
export const resetBrowser = async () => {
  await clearOverlays();
  sessionStorage.clear();
  jest.restoreAllMocks();
};
