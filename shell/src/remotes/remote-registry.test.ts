import type { DeploymentManifest, RemoteEntry } from '@marketplace/shared/contracts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
jest.mock('../i18n/remote-namespaces', () => ({ addRemoteNamespace: jest.fn(async () => undefined) }));

type Runtime = {
  loadRemote: jest.Mock;
  registerRemotes: jest.Mock;
  registerPlugins: jest.Mock;
};
type Registry = typeof import('./remote-registry');
type DiagnosticsModule = typeof import('./diagnostics-state');
type LastGood = typeof import('./last-good-versions');

const wallet = (version: string): RemoteEntry => ({
  name: 'mfe_wallet',
  version,
  entry: `/mfe/mfe-wallet/${version}/mf-manifest.json`,
  namespace: 'wallet',
  routes: [{ path: '/topUp', titleKey: 'wallet:title.topUp', public: false, keepAlive: false }],
});
const manifestWith = (remote: RemoteEntry): DeploymentManifest => ({
  updatedAt: '2026-01-01T00:00:00.000Z',
  remotes: { 'mfe-wallet': remote },
});
const screensOf = (version: string) => ({
  default: { namespace: 'wallet', loadMessages: async () => ({}), screens: { '/topUp': () => version } },
});

let runtime: Runtime;
let registry: Registry;
let diagnostics: DiagnosticsModule;
let lastGood: LastGood;
/** Which entry each container name is registered at, as the federation runtime would know it. */
let registeredAt: Record<string, string>;
let brokenEntries: Set<string>;

beforeEach(() => {
  jest.resetModules();
  localStorage.clear();
  runtime = jest.requireMock('@module-federation/enhanced/runtime');
  registry = jest.requireActual('./remote-registry');
  diagnostics = jest.requireActual('./diagnostics-state');
  lastGood = jest.requireActual('./last-good-versions');
  registeredAt = {};
  brokenEntries = new Set();
  runtime.registerRemotes.mockReset().mockImplementation((remotes: Array<{ name: string; entry: string }>) => {
    for (const remote of remotes) registeredAt[remote.name] = remote.entry;
  });
  runtime.loadRemote.mockReset().mockImplementation(async (id: string) => {
    const entry = registeredAt[id.split('/')[0] ?? ''] ?? '';
    if (brokenEntries.has(entry)) throw new Error(`ScriptExecutionError: ${entry}`);
    return screensOf(/\/(\d+\.\d+\.\d+)\//.exec(entry)?.[1] ?? '?');
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote loading with fallback to the last good version', () => {
  it('registers the retry plugin and loads the live version, reporting it as loaded', async () => {
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    const loaded = await registry.loadRemoteModule('mfe-wallet');
    expect(loaded.remote.version).toBe('2.0.0');
    expect(runtime.registerPlugins).toHaveBeenCalledWith([expect.objectContaining({ name: 'marketplace-retry' })]);
    expect(diagnostics.getDiagnostics().remotes['mfe-wallet']).toEqual({
      liveVersion: '2.0.0',
      loadedVersion: '2.0.0',
    });
  });

  it('uses the last good version when the live one fails to load, and reports the fallback', async () => {
    lastGood.rememberGoodVersion('mfe-wallet', wallet('1.0.0'));
    brokenEntries.add(wallet('2.0.0').entry);
    registry.setDeployment(manifestWith(wallet('2.0.0')));

    const loaded = await registry.loadRemoteModule('mfe-wallet');

    expect(loaded.remote).toMatchObject({ version: '1.0.0', entry: wallet('1.0.0').entry });
    expect(registeredAt.mfe_wallet).toBe(wallet('1.0.0').entry);
    expect(diagnostics.getDiagnostics().remotes['mfe-wallet']).toEqual({
      liveVersion: '2.0.0',
      loadedVersion: '1.0.0',
      fallback: { fromVersion: '2.0.0', toVersion: '1.0.0', error: `ScriptExecutionError: ${wallet('2.0.0').entry}` },
    });
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('using the last good version 1.0.0'));
  });

  it('fails when the live version breaks and nothing else ever rendered here', async () => {
    brokenEntries.add(wallet('2.0.0').entry);
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    await expect(registry.loadRemoteModule('mfe-wallet')).rejects.toThrow('ScriptExecutionError');
    expect(diagnostics.getDiagnostics().remotes['mfe-wallet']?.fallback).toBeUndefined();
  });

  it('after a first-screen render error, the next load uses the last good version', async () => {
    lastGood.rememberGoodVersion('mfe-wallet', wallet('1.0.0'));
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    expect((await registry.loadRemoteModule('mfe-wallet')).remote.version).toBe('2.0.0');

    expect(registry.fallBackAfterRenderError('mfe-wallet', new Error('boom in render'))).toBe(true);
    const again = await registry.loadRemoteModule('mfe-wallet');

    expect(again.remote.version).toBe('1.0.0');
    expect(diagnostics.getDiagnostics().remotes['mfe-wallet']?.fallback).toEqual({
      fromVersion: '2.0.0',
      toVersion: '1.0.0',
      error: 'boom in render',
    });
    // The fallback throwing too is not retried in a loop: the area shows its error panel.
    expect(registry.fallBackAfterRenderError('mfe-wallet', new Error('again'))).toBe(false);
  });

  it('does not fall back for a render error of the version that is already the last good one', async () => {
    lastGood.rememberGoodVersion('mfe-wallet', wallet('2.0.0'));
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    await registry.loadRemoteModule('mfe-wallet');
    expect(registry.fallBackAfterRenderError('mfe-wallet', new Error('a bug'))).toBe(false);
  });

  it('Retry forgets the fallback and tries the live version again', async () => {
    lastGood.rememberGoodVersion('mfe-wallet', wallet('1.0.0'));
    brokenEntries.add(wallet('2.0.0').entry);
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    await registry.loadRemoteModule('mfe-wallet');
    brokenEntries.clear();
    registry.forgetRemoteModule('mfe-wallet');
    expect((await registry.loadRemoteModule('mfe-wallet')).remote.version).toBe('2.0.0');
  });
});

describe('followDeployment: a rollback while the page is open', () => {
  it('forgets the changed remote, so its next load is the version now live; an unchanged manifest changes nothing', async () => {
    registry.setDeployment(manifestWith(wallet('2.0.0')));
    const before = await registry.loadRemoteModule('mfe-wallet');
    expect(before.remote.version).toBe('2.0.0');
    const heard = jest.fn();
    registry.onDeploymentChange(heard);

    expect(registry.followDeployment(manifestWith(wallet('2.0.0')))).toEqual([]);
    expect(await registry.loadRemoteModule('mfe-wallet')).toBe(before);
    expect(registry.deploymentGeneration('mfe-wallet')).toBe(0);
    expect(heard).not.toHaveBeenCalled();

    expect(registry.followDeployment(manifestWith(wallet('1.0.0')))).toEqual(['mfe-wallet']);
    expect(registry.deploymentGeneration('mfe-wallet')).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(registeredAt.mfe_wallet).toBe('/mfe/mfe-wallet/1.0.0/mf-manifest.json');
    const after = await registry.loadRemoteModule('mfe-wallet');
    expect(after.remote.version).toBe('1.0.0');
    expect((after.module.screens['/topUp'] as unknown as () => string)()).toBe('1.0.0');
  });
});
