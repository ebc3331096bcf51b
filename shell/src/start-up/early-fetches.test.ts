import {
  firstRemoteEntry,
  remoteStartFiles,
  routeMatcher,
  startEarlyFetches,
  takeEarlyResponse,
} from './early-fetches';

const manifest = {
  remotes: {
    'mfe-wallet': { entry: '/mfe/mfe-wallet/1.0.0/mf-manifest.json', routes: [{ path: '/topUp' }] },
    'mfe-catalogue': {
      entry: '/mfe/mfe-catalogue/2.0.0/mf-manifest.json',
      routes: [{ path: '/home' }, { path: '/detail/:product?/:mer?' }],
    },
  },
};
const mfManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { assets: { js: { sync: ['__federation_expose_screens.1a2b3c4d.js'] }, css: { sync: ['9.5e6f7a8b.css'] } } },
  ],
};
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  jest.restoreAllMocks();
  document.head.innerHTML = '';
});

describe('start-up requests made before the shared singletons load', () => {
  it('matches a remote route pattern, optional parameters included, and nothing longer', () => {
    expect(routeMatcher('/detail/:product?/:mer?').test('/detail/26')).toBe(true);
    expect(routeMatcher('/detail/:product?/:mer?').test('/detail')).toBe(true);
    expect(routeMatcher('/detail/:product?/:mer?').test('/detail/26/3/x')).toBe(false);
    expect(routeMatcher('/shop/:id').test('/shop')).toBe(false);
    expect(routeMatcher('/home').test('/homes')).toBe(false);
  });

  it('finds the remote that draws the current path, or none', () => {
    expect(firstRemoteEntry(manifest, '/detail/26')).toBe('/mfe/mfe-catalogue/2.0.0/mf-manifest.json');
    expect(firstRemoteEntry(manifest, '/topUp')).toBe('/mfe/mfe-wallet/1.0.0/mf-manifest.json');
    expect(firstRemoteEntry(manifest, '/nowhere')).toBeNull();
  });

  it("lists the remote's entry script and exposed module beside its mf-manifest.json", () => {
    const files = remoteStartFiles(mfManifest, '/mfe/mfe-catalogue/2.0.0/mf-manifest.json');
    expect(files.scripts).toEqual([
      'http://localhost/mfe/mfe-catalogue/2.0.0/remoteEntry.js',
      'http://localhost/mfe/mfe-catalogue/2.0.0/__federation_expose_screens.1a2b3c4d.js',
    ]);
    expect(files.styles).toEqual(['http://localhost/mfe/mfe-catalogue/2.0.0/9.5e6f7a8b.css']);
  });

  it("requests the first remote's mf-manifest.json once, preloads its files, and hands the response over once", async () => {
    window.history.replaceState(null, '', '/home');
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).endsWith('/mfe/manifest.json') ? json(manifest) : json(mfManifest),
      );
    const deployment = startEarlyFetches('http://localhost/mfe/manifest.json');
    await expect((await deployment).json()).resolves.toEqual(manifest);
    for (let i = 0; i < 5; i++) await flush();

    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual([
      'http://localhost/mfe/manifest.json',
      'http://localhost/mfe/mfe-catalogue/2.0.0/mf-manifest.json',
    ]);
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => [
      link.getAttribute('as'),
      link.getAttribute('href'),
    ]);
    expect(preloads).toEqual([
      ['style', 'http://localhost/mfe/mfe-catalogue/2.0.0/9.5e6f7a8b.css'],
      ['script', 'http://localhost/mfe/mfe-catalogue/2.0.0/remoteEntry.js'],
      ['script', 'http://localhost/mfe/mfe-catalogue/2.0.0/__federation_expose_screens.1a2b3c4d.js'],
    ]);
    const early = takeEarlyResponse('/mfe/mfe-catalogue/2.0.0/mf-manifest.json');
    expect(early).toBeDefined();
    await expect((await early!).json()).resolves.toEqual(mfManifest);
    expect(takeEarlyResponse('/mfe/mfe-catalogue/2.0.0/mf-manifest.json')).toBeUndefined();
  });

  it('follows an entry on a CDN (ASSET_BASE_URL): its files are preloaded from there, not from the page origin', async () => {
    window.history.replaceState(null, '', '/home');
    const cdnEntry = 'https://cdn.example.com/assets/mfe/mfe-catalogue/2.0.0/mf-manifest.json';
    const onCdn = { remotes: { 'mfe-catalogue': { entry: cdnEntry, routes: [{ path: '/home' }] } } };
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (input) =>
        String(input).endsWith('/mfe/manifest.json') ? json(onCdn) : json(mfManifest),
      );
    await startEarlyFetches('http://localhost/mfe/manifest.json');
    for (let i = 0; i < 5; i++) await flush();

    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['http://localhost/mfe/manifest.json', cdnEntry]);
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual([
      'https://cdn.example.com/assets/mfe/mfe-catalogue/2.0.0/9.5e6f7a8b.css',
      'https://cdn.example.com/assets/mfe/mfe-catalogue/2.0.0/remoteEntry.js',
      'https://cdn.example.com/assets/mfe/mfe-catalogue/2.0.0/__federation_expose_screens.1a2b3c4d.js',
    ]);
    // The federation runtime asks for the entry by its absolute URL and gets the start-up response once.
    expect(takeEarlyResponse(new URL(cdnEntry))).toBeDefined();
    expect(takeEarlyResponse(cdnEntry)).toBeUndefined();
  });
});
