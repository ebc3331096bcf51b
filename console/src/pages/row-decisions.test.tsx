import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, refusal, renderConsole } from '../testing/console-kit';

// antd's forms and tables are slow in jsdom on a busy machine.
jest.setTimeout(300_000);

const WITHDRAWAL = {
  id: 12,
  withdrawalNo: 'W2026112700012',
  drawType: 'bank',
  drawAmount: 5000,
  serviceCharge: 100,
  actualArrival: 4900,
  userId: 7,
  account: 'kit-shopper',
  bankName: 'Kit Bank',
  payoutAccount: '6222 0000',
  status: 0,
  reason: '',
  createdAt: '2026-11-27T10:00:00.000Z',
};

const REFUND = {
  id: 4,
  orderId: 31,
  orderNo: 'O2026112700031',
  userId: 9,
  account: 'kit-buyer',
  refundType: 'refund',
  amount: 1250,
  state: 'pending',
  decisionReason: '',
  decidedAt: null,
  productStatus: 'received',
  reason: 'Broken',
  explain: 'Cracked on arrival',
  attachmentIds: [],
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('deciding one queue row', () => {
  it('refuses a withdrawal after a confirmation restating it, with a reason from the list and words, then reloads', async () => {
    let lists = 0;
    const calls = renderConsole(
      ['finance'],
      '/withdrawals',
      (url, init) => {
        if (url.startsWith('/api/admin/queue/withdrawals')) {
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
    expect(calls).toContain('GET /api/admin/queue/withdrawals?status=0&page=1&pageSize=20');
    expect(screen.getByRole('link', { name: 'Open the page of shopper kit-shopper' })).toHaveAttribute(
      'href',
      '/shoppers?account=kit-shopper',
    );
    await user.click(screen.getByRole('button', { name: 'Refuse W2026112700012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse withdrawal W2026112700012' });
    // The confirmation restates shopper, amount, method and destination.
    for (const text of ['kit-shopper', '$49.00', 'Bank transfer', 'Kit Bank · 6222 0000']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    // Neither a reason from the list nor words: refused here, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(
      await within(dialog).findByText('Enter the reason the shopper will see (up to 500 characters)'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Payout details invalid' }));
    await user.type(within(dialog).getByLabelText('Reason in your words'), ' Card closed ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Withdrawal refused: the amount is back in the balance')).toBeInTheDocument();
    expect(calls).toContain(
      `POST /api/admin/withdrawal/decide ${JSON.stringify({ id: 12, agree: false, reason: 'Payout details invalid: Card closed' })}`,
    );
    await waitFor(() => expect(screen.getByText('0 in total')).toBeInTheDocument());
  });

  it('approves a refund by its order number after confirming, with an empty reason', async () => {
    const calls = renderConsole(
      ['support'],
      '/refunds',
      (url, init) => {
        if (url.startsWith('/api/admin/queue/refunds')) return ok({ list: [REFUND], total: 1 });
        if (url === '/api/admin/refund/decide' && init.method === 'POST') return ok(null);
        return refusal(404, 'Not found');
      },
      { bodies: true },
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('1 in total')).toBeInTheDocument();
    expect(screen.getByText('O2026112700031')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve O2026112700031' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the refund of order O2026112700031?' });
    expect(within(dialog).getByText('kit-buyer')).toBeInTheDocument();
    expect(within(dialog).getByText('$12.50')).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Refund approved: the money is back')).toBeInTheDocument();
    expect(calls).toContain(
      `POST /api/admin/refund/decide ${JSON.stringify({ orderId: 31, agree: true, reason: '' })}`,
    );
  });
});
