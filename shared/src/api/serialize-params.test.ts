import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse, sent } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';
import { serializeParams } from './serialize-params';

beforeAll(() => initTestI18n());
beforeEach(() => resetBrowserState());
afterEach(() => jest.restoreAllMocks());

describe('GET params in the query string (requirements §12.2)', () => {
  it('writes nested objects as key[sub]', () => {
    expect(decodeURIComponent(serializeParams({ filter: { status: 1, shop: { id: 7 } } }))).toBe(
      'filter[status]=1&filter[shop][id]=7',
    );
  });

  it('writes arrays with their index', () => {
    expect(decodeURIComponent(serializeParams({ ids: [3, 4] }))).toBe('ids[0]=3&ids[1]=4');
  });

  it('skips empty string, null and undefined values, at any depth', () => {
    expect(serializeParams({ a: '', b: null, c: undefined, d: 0, e: false, f: { g: '', h: 'x' } })).toBe(
      'd=0&e=false&f%5Bh%5D=x',
    );
  });

  it('sends the params of a GET call in its query string', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope({ list: [] })));
    await sendProbe(createAppStore(), {
      url: '/user/order_list',
      params: { status: -1, page: 2, keyword: '', extra: { from: 'home' } },
    });
    const url = new URL(sent(requests).url);
    expect(url.pathname).toBe('/api/user/order_list');
    expect(Array.from(url.searchParams.entries())).toEqual([
      ['status', '-1'],
      ['page', '2'],
      ['extra[from]', 'home'],
    ]);
  });
});
