import type { DeploymentManifest } from '@marketplace/shared/contracts';
import { getDiagnostics, resetDiagnostics } from './diagnostics-state';
import { fetchDeploymentManifest } from './manifest';

const manifest: DeploymentManifest = {
  updatedAt: '2026-02-01T00:00:00.000Z',
  remotes: {
    'mfe-wallet': {
      name: 'mfe_wallet',
      version: '1.0.0',
      entry: '/mfe/mfe-wallet/1.0.0/mf-manifest.json',
      namespace: 'wallet',
      routes: [],
    },
  },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noRetry = { retries: 0, delayMs: 0 };

beforeEach(() => {
  localStorage.clear();
  resetDiagnostics();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('deployment manifest with the last one that worked as fallback', () => {
  it('remembers a fetched manifest and reports it came from the server', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(json(manifest));
    await expect(fetchDeploymentManifest(noRetry)).resolves.toEqual(manifest);
    expect(JSON.parse(localStorage.getItem('deploymentManifest') ?? 'null')).toEqual(manifest);
    expect(getDiagnostics().manifest).toEqual({ source: 'network', updatedAt: manifest.updatedAt });
  });

  it('uses the last manifest that worked when the server cannot be reached, and says so', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValueOnce(json(manifest));
    await fetchDeploymentManifest(noRetry);
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(fetchDeploymentManifest(noRetry)).resolves.toEqual(manifest);
    expect(getDiagnostics().manifest).toEqual({
      source: 'stored',
      updatedAt: manifest.updatedAt,
      error: 'Failed to fetch',
    });
    expect(console.warn).toHaveBeenCalled();
  });

  it('takes the response requested at start-up (preloaded by index.html) without a second request', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(json({}, 500));
    await expect(fetchDeploymentManifest(noRetry, Promise.resolve(json(manifest)))).resolves.toEqual(manifest);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(getDiagnostics().manifest).toEqual({ source: 'network', updatedAt: manifest.updatedAt });
  });

  it('asks again when the start-up request failed', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(json(manifest));
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    await expect(fetchDeploymentManifest(noRetry, failed)).resolves.toEqual(manifest);
    await expect(fetchDeploymentManifest(noRetry, Promise.resolve(json({}, 503)))).resolves.toEqual(manifest);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('retries a transient 503 before falling back', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({}, 503))
      .mockResolvedValueOnce(json(manifest));
    await expect(fetchDeploymentManifest({ retries: 1, delayMs: 1 })).resolves.toEqual(manifest);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('fails as before when no manifest ever worked in this browser', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(json({ code: 404 }, 404));
    await expect(fetchDeploymentManifest(noRetry)).rejects.toThrow('HTTP 404');
  });

  it('ignores a stored manifest that no longer matches the contract', async () => {
    localStorage.setItem('deploymentManifest', JSON.stringify({ remotes: { x: { name: 'Bad Name' } } }));
    jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchDeploymentManifest(noRetry)).rejects.toThrow('Failed to fetch');
  });
});
