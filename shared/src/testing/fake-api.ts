import type { ApiEndpoints, ApiRoute, Envelope } from '@marketplace/shared/contracts';
import { fakeFetch, jsonResponse } from './fake-server';

/** The server's answer to one call: its envelope and HTTP status (200 unless told). */
export interface Reply<T = unknown> {
  status?: number;
  body: Envelope<T>;
}
/** An answer refusing the call, whatever data the endpoint gives on success. */
export interface Refusal extends Reply {
  refused: true;
}

/** A request the screen sent, with its JSON body already read. */
export interface SentCall<Body = unknown> {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: Body;
}

/** What `route` answers, typed by its contract: the data of `ok`, or a refusal from `fail`. */
export type Answer<R extends ApiRoute> = Reply<ApiEndpoints[R]['data']> | Refusal;
/** Answers one endpoint from the body and query the screen sent (the `Request` itself last). */
export type Handler<R extends ApiRoute> = (
  body: ApiEndpoints[R]['body'] | undefined,
  search: URLSearchParams,
  request: Request,
) => Answer<R>;
/** The fake server's endpoints: each `METHOD /api/path` of the contracts it answers. */
export type FakeRoutes = { [R in ApiRoute]?: Answer<R> | Handler<R> };

export const ok = <T>(data: T, msg = ''): Reply<T> => ({ body: { code: 1, msg, data } });
/** A refusal with the server's message; `data` carries what the refusal explains (e.g. attempts left). */
export const fail = (msg: string, data: unknown = null, { code = 0, status = 200 } = {}): Refusal => ({
  refused: true,
  status,
  body: { code, msg, data },
});

export interface FakeApiOptions {
  /** The answer to a call no route names (e.g. a page's side lists); without it such a call fails the test. */
  otherwise?: Reply | Refusal | ((request: Request) => Reply | Refusal);
}

/**
 * The fake API server of every front-end test: `routes` answer `METHOD /api/path` as the contracts type
 * them. Every call is recorded, so a test can read what was sent, or prove that an invalid form sent nothing.
 */
export const fakeApi = (routes: FakeRoutes, { otherwise }: FakeApiOptions = {}) => {
  const calls: SentCall[] = [];
  const { fetchMock, requests } = fakeFetch(async (request) => {
    const url = new URL(request.url);
    const text = await request.clone().text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body,
    });
    const route = routes[`${request.method} ${url.pathname}` as ApiRoute] as
      Reply | ((body: unknown, search: URLSearchParams, request: Request) => Reply) | undefined;
    const fallback = typeof otherwise === 'function' ? otherwise(request) : otherwise;
    const reply = typeof route === 'function' ? route(body, url.searchParams, request) : (route ?? fallback);
    if (!reply) throw new Error(`unexpected call ${request.method} ${url.pathname}`);
    return jsonResponse(reply.body, reply.status);
  });
  /** The calls sent to one endpoint, in order. */
  const sentTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return { calls, sentTo, requests, fetchMock };
};
