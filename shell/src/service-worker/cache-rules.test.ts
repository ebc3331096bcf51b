import { cacheRuleFor, keepsRemoteFile, liveVersionFolders } from './cache-rules';

describe('what the service worker keeps', () => {
  it('keeps a remote version’s hashed files cache-first and its entry files network-first', () => {
    expect(cacheRuleFor('/mfe/mfe-catalogue/1.0.0/423.3f9a1c2b.js')).toEqual({
      kind: 'remotes',
      strategy: 'cache-first',
    });
    expect(cacheRuleFor('/mfe/mfe-catalogue/1.0.0/remoteEntry.js')).toEqual({
      kind: 'remotes',
      strategy: 'network-first',
    });
    expect(cacheRuleFor('/mfe/mfe-catalogue/1.0.0/mf-manifest.json')?.strategy).toBe('network-first');
  });

  it('keeps the deployment manifest network-first, pictures stale-while-revalidate, shell language files', () => {
    expect(cacheRuleFor('/mfe/manifest.json')).toEqual({ kind: 'deployment', strategy: 'network-first' });
    expect(cacheRuleFor('/api/images/product/12-2.svg')).toEqual({
      kind: 'pictures',
      strategy: 'stale-while-revalidate',
    });
    expect(cacheRuleFor('/locales-88340796/common/de.json')?.kind).toBe('shellLocales');
  });

  it('never keeps an API answer, a dot-file of the store or the release bookkeeping', () => {
    expect(cacheRuleFor('/api/user/getUserInfo')).toBeNull();
    expect(cacheRuleFor('/api/catalogue/hot_products')).toBeNull();
    expect(cacheRuleFor('/api/user/bill')).toBeNull();
    expect(cacheRuleFor('/mfe/.release/history.json')).toBeNull();
    expect(cacheRuleFor('/mfe/mfe-wallet/.tmp/remoteEntry.js')).toBeNull();
  });

  it('follows the live manifest: a rolled-back version’s files are dropped, live ones kept', () => {
    const live = liveVersionFolders(
      {
        remotes: {
          catalogue: { entry: '/mfe/mfe-catalogue/1.0.0/mf-manifest.json' },
          wallet: { entry: 'https://cdn.example.com/mfe/mfe-wallet/3.0.1/mf-manifest.json' },
        },
      },
      'https://shop.example.com',
    );
    expect([...live]).toEqual(['/mfe/mfe-catalogue/1.0.0/', '/mfe/mfe-wallet/3.0.1/']);
    expect(keepsRemoteFile('/mfe/mfe-catalogue/1.0.0/423.3f9a1c2b.js', live)).toBe(true);
    expect(keepsRemoteFile('/mfe/mfe-catalogue/9.9.1/423.3f9a1c2b.js', live)).toBe(false);
    expect(keepsRemoteFile('/mfe/mfe-catalogue/9.9.1/remoteEntry.js', live)).toBe(false);
  });
});
