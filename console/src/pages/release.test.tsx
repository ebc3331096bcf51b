import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '../session';
import { ok, renderConsole } from '../testing/console-kit';
import { healthOf, type HealthRow, type ReleaseOverview } from './release';

// antd's tables are slow in jsdom on a busy machine.
jest.setTimeout(120_000);

const OVERVIEW: ReleaseOverview = {
  location: '/srv/deploy',
  manifestUpdatedAt: '2026-11-27T10:00:00.000Z',
  units: [
    { unit: 'shell', live: null, canary: null, previous: null, history: [], deployed: [] },
    {
      unit: 'mfe-wallet',
      live: '2.0.0',
      canary: null,
      previous: '1.0.0',
      history: ['1.0.0'],
      deployed: ['1.0.0', '2.0.0', '3.0.0'].map((version) => ({
        version,
        deployedAt: null,
        forced: false,
        commit: version === '3.0.0' ? '0123456789abcdef0123456789abcdef01234567' : null,
        changes: version === '3.0.0' ? ['Wallet: the bank icon', 'Wallet: top-up wording'] : null,
      })),
    },
    {
      unit: 'console',
      live: '1.0.0',
      canary: null,
      previous: null,
      history: [],
      deployed: ['1.0.0', '1.1.0'].map((version) => ({
        version,
        deployedAt: null,
        forced: false,
        commit: null,
        changes: null,
      })),
    },
  ],
  audit: [],
  total: 0,
};

const health = (version: string, cohort: string, sessions: number, lcpP75: number, lcpSamples: number): HealthRow => ({
  version,
  cohort,
  sessions,
  loadFailures: 1,
  errors: 0,
  lcpP75,
  inpP75: null,
  clsP75: null,
  vitalSamples: { LCP: lcpSamples, INP: 0, CLS: 0 },
});

/** The multi-line refusal the CLI prints for a contract problem (without its `release: ` prefix). */
const CLI_REFUSAL =
  'mfe-wallet 3.0.0 fails the contract check:\n  - has no entry file remoteEntry.js\n' +
  'Fix the build and deploy a new version, or override with --force --reason "<why>".';

/** The release page as `rita` with `roles`; the calls with their bodies. */
const renderRelease = (roles: Role[], route: (url: string, init: RequestInit) => Response) =>
  renderConsole(roles, '/release', route, { operator: { id: 4, name: 'rita' }, bodies: true });

describe('release page', () => {
  it("adds a version's cohorts up and takes each p75 from the cohort with the most samples", () => {
    const rows = [health('2.0.0', 'stable', 90, 1_500, 80), health('2.0.0', 'canary', 10, 4_000, 9)];
    expect(healthOf(rows, '2.0.0')).toEqual({ sessions: 100, loadFailures: 2, errors: 0, lcpP75: 1_500, inpP75: null });
    expect(healthOf(rows, '1.0.0')).toBeNull();
  });

  it("shows each unit's versions with field health, and a refused promote in the CLI's words", async () => {
    const calls = renderRelease(['release'], (url, init) => {
      if (url === '/api/admin/release') return ok(OVERVIEW);
      if (url.startsWith('/api/admin/release/health')) {
        return ok({ versions: [health('2.0.0', 'stable', 40, 2_000, 30)] });
      }
      if (url === '/api/admin/release/promote' && init.method === 'POST') {
        return new Response(
          JSON.stringify({
            code: 0,
            msg: CLI_REFUSAL,
            data: { command: 'promote', unit: 'mfe-wallet', refusal: CLI_REFUSAL },
          }),
          { status: 409 },
        );
      }
      return ok(null);
    });
    expect(await screen.findByRole('heading', { name: 'Releases', level: 2 })).toBeInTheDocument();
    expect(
      await screen.findByText('40 sessions · 2.5% load failures · 0.0% with errors · LCP p75 2000 ms'),
    ).toBeInTheDocument();
    // The shell and the console report no field health: only the remote asks for it.
    expect(calls.filter((call) => call.includes('/health'))).toEqual([
      'GET /api/admin/release/health?remote=mfe-wallet&window=3600',
    ]);
    // Each version's commit, and what it brings over the live version.
    expect(screen.getByText('0123456789')).toBeInTheDocument();
    expect(screen.getByText('2 changes since the live version')).toBeInTheDocument();
    expect(screen.getByText('Wallet: the bank icon')).toBeInTheDocument();
    // The console is promoted like the shell, never given to a share of browsers.
    expect(screen.getByRole('button', { name: 'Promote console 1.1.0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start canary of console 1.1.0' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Promote mfe-wallet 3.0.0' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make mfe-wallet 3.0.0 live for everyone?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('release-outcome').textContent).toBe(CLI_REFUSAL));
    expect(screen.getByRole('alert')).toHaveTextContent('The release tool refused:');
    expect(calls).toContain('POST /api/admin/release/promote {"unit":"mfe-wallet","version":"3.0.0"}');
  });

  it('is not in the menu of a finance operator, and says so on a deep link', async () => {
    renderRelease(['finance'], (url) => (url === '/api/admin/summary' ? ok({ pending: {}, today: {} }) : ok(null)));
    expect(await screen.findByText('Not for your role')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Releases' })).toBeNull();
  });
});
