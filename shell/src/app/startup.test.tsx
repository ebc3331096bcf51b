import { createAppStore } from '@marketplace/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, jsonResponse, sent } from '@marketplace/shared/testing';
import { initI18n } from '../i18n/init-i18n';
import { fetchDeploymentManifest } from '../remotes/manifest';
import { Providers } from './providers';
import { Startup } from './startup';

const emptyManifest = { updatedAt: '2026-01-01T00:00:00.000Z', remotes: {} };
/** A stable function, as the app passes it: the 503 below is final instead of retried. */
const fetchWithoutRetry = () => fetchDeploymentManifest({ retries: 0, delayMs: 0 });

describe('start-up with the deployment manifest', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  // A manifest that worked is kept as the fallback for the next start; each test starts without one.
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('fetches /mfe/manifest.json uncached', async () => {
    const { requests } = fakeFetch(() => jsonResponse(emptyManifest));
    await fetchDeploymentManifest();
    expect(sent(requests).url).toBe('http://localhost/mfe/manifest.json');
    expect(sent(requests).cache).toBe('no-store');
  });

  it('rejects a manifest that does not match the contract', async () => {
    fakeFetch(() => jsonResponse({ remotes: { x: { name: 'Bad Name' } } }));
    await expect(fetchDeploymentManifest()).rejects.toThrow();
  });

  it('shows a full-screen "The app could not start" with Retry when the manifest cannot be fetched, and opens the app after Retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [new Response('unavailable', { status: 503 }), jsonResponse(emptyManifest)];
    const { requests } = fakeFetch(() => answers.shift() ?? jsonResponse(emptyManifest));

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
    expect(requests).toHaveLength(2);
  });
});
