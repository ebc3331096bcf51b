import type { Envelope } from '@marketplace/shared/contracts';

type Reply = { status?: number; body: Envelope };
type Handler = (request: Request, body: unknown) => Reply;

/** A request the screen sent, with its JSON body already read. */
export interface SentCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export const ok = <T>(data: T, msg = ''): Reply => ({ body: { code: 1, msg, data } });
export const fail = (msg: string, code = 0, status = 200): Reply => ({ status, body: { code, msg, data: null } });

/**
 * A fake API server: `routes` answers `METHOD /api/path`; anything else is a test failure. Every
 * call is recorded, so a test can prove that an invalid form sent nothing.
 */
export const fakeApi = (routes: Record<string, Handler | Reply>) => {
  const calls: SentCall[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
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
    const reply = typeof route === 'function' ? route(request, body) : route;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, spy };
};
