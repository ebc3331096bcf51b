import { fakeFetch, jsonResponse } from '../testing/fake-server';

// The real loader: the jest setup answers it from disk for every other test.
const { fetchLocale } = jest.requireActual<typeof import('./fetch-locale')>('./fetch-locale');

afterEach(() => jest.restoreAllMocks());

describe('fetchLocale (language files by URL)', () => {
  it('reads a language file once, then answers it from memory', async () => {
    const { requests } = fakeFetch(() => jsonResponse({ loginFirst: 'Bitte zuerst anmelden' }));
    const url = 'http://localhost/mfe/mfe-account/1.0.0/locales-0a1b2c3d/common/de.json';
    expect(await fetchLocale(url)).toEqual({ loginFirst: 'Bitte zuerst anmelden' });
    expect(await fetchLocale(url)).toEqual({ loginFirst: 'Bitte zuerst anmelden' });
    expect(requests.map((request) => request.url)).toEqual([url]);
  });

  it('rejects a failed answer and asks again next time', async () => {
    let status = 404;
    const { requests } = fakeFetch(() => (status === 200 ? jsonResponse({ a: 'b' }) : new Response('', { status })));
    const url = 'http://localhost/locales-0a1b2c3d/common/fr.json';
    await expect(fetchLocale(url)).rejects.toThrow('HTTP 404');
    status = 200;
    expect(await fetchLocale(url)).toEqual({ a: 'b' });
    expect(requests).toHaveLength(2);
  });
});
