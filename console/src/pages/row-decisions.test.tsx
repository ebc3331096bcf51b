import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, refusal, renderConsole } from '../testing/console-kit';

// antd's forms and tables are slow in jsdom on a busy machine.
jest.setTimeout(120_000);

const WITHDRAWAL = {
  id: 12,
  withdrawalNo: 'W2026112700012',
  drawType: 'bank',
  drawAmount: 5000,
  serviceCharge: 100,
  actualArrival: 4900,
  bankName: 'Kit Bank',
  account: '6222 0000',
  status: 0,
  reason: '',
  createdAt: '2026-11-27T10:00:00.000Z',
};

const REFUND = {
  id: 4,
  orderId: 31,
  userId: 9,
  refundType: 'refund',
  refundAmountCents: 1250,
  productStatus: 'received',
  reason: 'Broken',
  explain: 'Cracked on arrival',
  attachmentIds: [],
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('deciding one queue row', () => {
  it('refuses a withdrawal with the reason typed in the dialog, then reloads the queue', async () => {
    let lists = 0;
    const calls = renderConsole(
      ['finance'],
      '/withdrawals',
      (url, init) => {
        if (url.startsWith('/api/admin/withdrawals')) {
          lists += 1;
          return ok(lists === 1 ? { list: [WITHDRAWAL], total: 1 } : { list: [], total: 0 });
        }
        if (url === '/api/admin/withdrawal/decide' && init.method === 'POST') return ok(null);
        return refusal(404, 'Not found');
      },
      { bodies: true },
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('1 in total')).toBeInTheDocument();
    expect(calls).toContain('GET /api/admin/withdrawals?status=0&page=1&pageSize=20');
    await user.click(screen.getByRole('button', { name: 'Refuse W2026112700012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this withdrawal' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Card closed  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Withdrawal refused: the amount is back in the balance')).toBeInTheDocument();
    expect(calls).toContain(
      `POST /api/admin/withdrawal/decide ${JSON.stringify({ id: 12, agree: false, reason: 'Card closed' })}`,
    );
    await waitFor(() => expect(screen.getByText('0 in total')).toBeInTheDocument());
  });

  it('approves a refund by its order number, with an empty reason', async () => {
    const calls = renderConsole(
      ['support'],
      '/refunds',
      (url, init) => {
        if (url === '/api/admin/refunds') return ok([REFUND]);
        if (url === '/api/admin/refund/decide' && init.method === 'POST') return ok(null);
        return refusal(404, 'Not found');
      },
      { bodies: true },
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('1 in total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve 31' }));
    expect(await screen.findByText('Refund approved: the money is back')).toBeInTheDocument();
    expect(calls).toContain(
      `POST /api/admin/refund/decide ${JSON.stringify({ orderId: 31, agree: true, reason: '' })}`,
    );
  });
});
