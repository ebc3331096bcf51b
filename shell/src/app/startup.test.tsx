import { createAppStore } from '@marketplace/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/init-i18n';
import { fetchDeploymentManifest } from '../remotes/manifest';
import { Providers } from './providers';
import { Startup } from './startup';

const emptyManifest = { updatedAt: '2026-01-01T00:00:00.000Z', remotes: {} };
/** A stable function, as the app passes it: the 503 below is final instead of retried. */
const fetchWithoutRetry = () => fetchDeploymentManifest({ retries: 0, delayMs: 0 });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('start-up with the deployment manifest', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  // A manifest that worked is kept as the fallback for the next start; each test starts without one.
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('fetches /mfe/manifest.json uncached', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(json(emptyManifest));
    await fetchDeploymentManifest();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://localhost/mfe/manifest.json');
    expect(init).toEqual({ cache: 'no-store' });
  });

  it('rejects a manifest that does not match the contract', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(json({ remotes: { x: { name: 'Bad Name' } } }));
    await expect(fetchDeploymentManifest()).rejects.toThrow();
  });

  it('shows a full-screen "The app could not start" with Retry when the manifest cannot be fetched, and opens the app after Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response('unavailable', { status: 503 }))
      .mockResolvedValueOnce(json(emptyManifest));

    render(
      <Providers store={createAppStore()}>
        <Startup loadManifest={fetchWithoutRetry} />
      </Providers>,
    );

    expect(await screen.findByText('The app could not start')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    // The opened app goes to Home (/index). No remote publishes a route here, so no page is public (the
    // public paths come from the routes' metadata): the guard sends the guest to sign in first.
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(screen.queryByText('The app could not start')).not.toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
