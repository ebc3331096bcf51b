import { ApiError, createApi, decidedByOf, queryString } from './api';

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('console API client', () => {
  it("sends the language with the browser's cookie (no token in the page), and unwraps the envelope", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const api = createApi({
      language: () => 'zh-cn',
      fetch: async (url, init = {}) => {
        calls.push({ url: String(url), init });
        return envelope(200, { code: 1, msg: 'ok', data: { total: 3 } });
      },
    });
    await expect(api.get('/api/admin/topups', { status: '0', q: '', page: 2 })).resolves.toEqual({ total: 3 });
    await api.post('/api/admin/recharge/decide', { id: 5, agree: true });
    expect(calls[0]!.url).toBe('/api/admin/topups?status=0&page=2');
    expect(calls[0]!.init).toEqual({ headers: { lang: 'zh-cn' }, credentials: 'same-origin' });
    expect(calls[1]!.init).toEqual({
      method: 'POST',
      body: JSON.stringify({ id: 5, agree: true }),
      headers: { lang: 'zh-cn', 'content-type': 'application/json' },
      credentials: 'same-origin',
    });
  });

  it("throws the server's message; a 401 of a signed-in call ends the session", async () => {
    const unauthorized = jest.fn();
    const answers = [
      envelope(403, { code: 0, msg: 'Your role does not allow this', data: null }),
      envelope(401, { code: 401, msg: 'Session expired', data: null }),
    ];
    const api = createApi({ language: () => 'en', fetch: async () => answers.shift()! });
    api.setOnUnauthorized(unauthorized);
    api.setSignedIn(true);
    const refused = await api.get('/api/admin/topups').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'Your role does not allow this', status: 403, code: 0 });
    expect(unauthorized).not.toHaveBeenCalled();
    await expect(api.get('/api/admin/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads who decided first from a 409 refusal only', () => {
    const data = { operatorName: 'fiona', decidedAt: '2026-11-27T10:31:05.000Z', operatorId: 2, action: 'x' };
    expect(decidedByOf(new ApiError('Already decided by fiona', 409, 0, data))).toEqual({
      operatorName: 'fiona',
      decidedAt: '2026-11-27T10:31:05.000Z',
    });
    expect(decidedByOf(new ApiError('Not pending', 400, 0, data))).toBeNull();
    expect(decidedByOf(new ApiError('odd', 409, 0, null))).toBeNull();
    expect(decidedByOf(new Error('network'))).toBeNull();
  });

  it('leaves empty query values out', () => {
    expect(queryString({ a: '', b: undefined, c: 0, d: 'x y' })).toBe('?c=0&d=x+y');
    expect(queryString({})).toBe('');
  });
});
