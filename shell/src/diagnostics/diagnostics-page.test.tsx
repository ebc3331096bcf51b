import { createAppStore } from '@marketplace/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../app/providers';
import { initI18n } from '../i18n/init-i18n';
import {
  reportDeployment,
  reportFallback,
  reportLoaded,
  reportManifest,
  resetDiagnostics,
} from '../remotes/diagnostics-state';
import { rememberGoodVersion } from '../remotes/last-good-versions';
import { DiagnosticsPage } from './diagnostics-page';

const entry = (name: string, version: string) => ({
  name: name.replace('-', '_'),
  version,
  entry: `/mfe/${name}/${version}/mf-manifest.json`,
  namespace: name.slice(4),
  routes: [],
});

/** The page as the shell shows it, with a fresh store. */
const renderDiagnostics = () =>
  render(
    <Providers store={createAppStore()}>
      <MemoryRouter>
        <DiagnosticsPage />
      </MemoryRouter>
    </Providers>,
  );

describe('/diagnostics', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    localStorage.clear();
    resetDiagnostics();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("lists each remote's live and loaded version and says when the last good one replaced a failing one", async () => {
    reportManifest({ source: 'network', updatedAt: '2026-03-01T00:00:00.000Z' });
    reportDeployment({
      updatedAt: '2026-03-01T00:00:00.000Z',
      remotes: { 'mfe-wallet': entry('mfe-wallet', '1.0.3'), 'mfe-catalogue': entry('mfe-catalogue', '1.0.0') },
    });
    rememberGoodVersion('mfe-wallet', entry('mfe-wallet', '1.0.1'));
    reportFallback('mfe-wallet', '1.0.3', '1.0.1', new Error('ScriptExecutionError: remoteEntry.js'));
    reportLoaded('mfe-wallet', '1.0.1');

    renderDiagnostics();

    expect(screen.getByRole('heading', { name: 'Diagnostics' })).toBeInTheDocument();
    expect(screen.getByText('Deployment manifest fetched from the server')).toBeInTheDocument();
    const wallet = screen.getByRole('region', { name: 'mfe-wallet' });
    expect(within(wallet).getByText('Live version').nextSibling).toHaveTextContent('1.0.3');
    expect(within(wallet).getByText('Loaded version').nextSibling).toHaveTextContent('1.0.1');
    expect(within(wallet).getByText('Last good version').nextSibling).toHaveTextContent('1.0.1');
    expect(
      within(wallet).getByText(/Fell back: version 1\.0\.3 failed, so the last good version 1\.0\.1 is in use/),
    ).toBeInTheDocument();
    expect(within(wallet).getByText(/Error: ScriptExecutionError: remoteEntry\.js/)).toBeInTheDocument();
    const catalogue = screen.getByRole('region', { name: 'mfe-catalogue' });
    expect(within(catalogue).getByText('Loaded version').nextSibling).toHaveTextContent('Not loaded yet');
  });

  it('says when the last manifest that worked is in use', () => {
    reportManifest({ source: 'stored', updatedAt: '2026-03-01T00:00:00.000Z', error: 'Failed to fetch' });
    renderDiagnostics();
    expect(screen.getByText('Server unreachable: using the last deployment manifest that worked')).toBeInTheDocument();
    expect(screen.getByText('Error: Failed to fetch')).toBeInTheDocument();
  });
});
