import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApi } from './api';
import { ok, refusal, renderApp, renderConsole } from './testing/console-kit';

// antd's forms and tables are slow in jsdom on a busy machine.
jest.setTimeout(300_000);

const TOP_UP = {
  id: 7,
  rechargeNo: 'R2026112700007',
  account: 'alice',
  method: 'manual',
  network: 'Manual',
  address: 'Transfer 8812',
  amount: 4321,
  actualArrival: 4321,
  status: 0,
  reason: '',
  evidence: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
};

describe('operator console', () => {
  it("shows only the queues of the operator's roles and refuses the others' screens", async () => {
    const calls = renderConsole(['support'], '/topups', () => ok({ pending: {}, today: {} }));
    expect(await screen.findByText('Not for your role')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Refunds' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Customer service' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Top-ups' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Operators' })).not.toBeInTheDocument();
    // The refused screen never asks the server for the queue.
    expect(calls.filter((call) => call.includes('/api/admin/topups'))).toEqual([]);
  });

  it('a top-up someone else decided shows who and when, and the queue reloads', async () => {
    let lists = 0;
    const calls = renderConsole(['finance'], '/topups', (url, init) => {
      if (url.startsWith('/api/admin/topups')) {
        lists += 1;
        return ok(lists === 1 ? { list: [TOP_UP], total: 1 } : { list: [], total: 0 });
      }
      if (url === '/api/admin/recharge/decide' && init.method === 'POST') {
        return refusal(409, 'Already decided by sam at 2026-11-27 10:31:05 UTC', {
          operatorName: 'sam',
          decidedAt: '2026-11-27T10:31:05.000Z',
        });
      }
      return refusal(404, 'Not found');
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('1 in total')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /R2026112700007/ })).toHaveTextContent('$43.21');
    await user.click(screen.getByRole('button', { name: 'Review top-up R2026112700007' }));
    const drawer = await screen.findByRole('dialog', { name: 'Review top-up R2026112700007' });
    expect(within(drawer).getByText('No evidence picture')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    // Nothing is decided before the confirmation.
    expect(calls).not.toContain('POST /api/admin/recharge/decide');
    // (In jsdom every antd dialog's title has the id `test-id`, so the confirmation is found by its text.)
    const confirm = (await screen.findByText('Approve top-up R2026112700007?')).closest<HTMLElement>(
      '[role="dialog"]',
    )!;
    expect(within(confirm).getByText('alice')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    // The dialog's title (antd also keeps a copy for its aria-labelledby).
    expect(await screen.findAllByText('Already decided by sam at 2026-11-27 10:31:05 UTC')).not.toHaveLength(0);
    expect(screen.getByText('The queue was refreshed: it shows the item as it is now.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 in total')).toBeInTheDocument());
    expect(calls).toContain('POST /api/admin/recharge/decide');
    expect(calls.filter((call) => call.startsWith('GET /api/admin/topups'))).toHaveLength(2);
  });

  it('signs in with name, password and the authenticator code', async () => {
    const sent: unknown[] = [];
    const api = createApi({
      language: () => 'en',
      fetch: async (url, init = {}) => {
        if (String(url) === '/api/admin/auth/sign_in') {
          sent.push(JSON.parse(String(init.body)));
          return ok({ token: 'new-session', expiresAt: '', operator: { id: 1, name: 'fiona', roles: ['finance'] } });
        }
        // No session cookie until the sign-in set it.
        if (String(url) === '/api/admin/auth/me') {
          return sent.length ? ok({ id: 1, name: 'fiona', roles: ['finance'] }) : refusal(401, 'Sign in');
        }
        return ok({
          pending: { topups: 2, withdrawals: 0 },
          today: { topUps: 0, withdrawals: 0, paidOrders: 0, refunds: 0 },
        });
      },
    });
    renderApp(api);
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole('tabpanel');
    await user.type(within(form).getByLabelText('Operator name'), 'fiona');
    await user.type(within(form).getByLabelText('Password'), 'correct-horse-battery');
    await user.type(within(form).getByLabelText('Authenticator code'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    expect(await within(form).findByText('Enter the 6 digits of the code')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(within(form).getByLabelText('Authenticator code'), '6');
    await act(() => user.click(within(form).getByRole('button', { name: 'Sign in' })));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'fiona', password: 'correct-horse-battery', code: '123456' }]);
    // Nothing of the session is kept where page scripts read it: the server's HttpOnly cookie carries it.
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('new-session');
    expect(JSON.stringify({ ...localStorage })).not.toContain('new-session');
    expect(await screen.findByRole('link', { name: 'Top-ups 2' })).toBeInTheDocument();
  });
});
