import type { Envelope } from '@marketplace/shared/contracts';

/** A JSON response as the server sends it. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const envelope = <T>(data: T, code = 1, msg = ''): Envelope<T> => ({ code, msg, data });

/**
 * Replaces `fetch` with a fake server answering every call with `respond`. `requests` holds an
 * unread copy of each `Request` the app sent, in order.
 */
export const fakeFetch = (respond: (request: Request) => Response | Promise<Response>) => {
  const requests: Request[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    // A path alone is resolved against the page, as a browser's fetch does.
    const target = input instanceof Request ? input : new URL(String(input), globalThis.location?.href);
    const request = new Request(target, init);
    requests.push(request.clone());
    return respond(request);
  });
  return { fetchMock, requests };
};

/** The n-th request sent through the fake, failing the test when there was none. */
export const sent = (requests: Request[], n = 0): Request => {
  const request = requests[n];
  if (!request) throw new Error(`no request #${n} was sent`);
  return request;
};
