import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok, refusal, renderConsole } from '../testing/console-kit';

// antd's forms and lists are slow in jsdom on a busy machine.
jest.setTimeout(120_000);

describe('customer service', () => {
  it('lists the threads the server answers whole, and opens one with its messages', async () => {
    const calls = renderConsole(['support'], '/service', (url) => {
      if (url === '/api/admin/service_threads') {
        return ok([
          {
            userId: 5,
            account: 'alice',
            lastMessage: 'Where is my parcel?',
            lastAt: '2026-11-27T10:00:00.000Z',
            unanswered: 2,
          },
        ]);
      }
      if (url === '/api/admin/service_messages?userId=5') {
        return ok([{ id: 1, fromOperator: false, body: 'Where is my parcel?', createdAt: '2026-11-27T10:00:00.000Z' }]);
      }
      return refusal(404, 'Not found');
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('1 in total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the thread with alice, 2 unanswered' }));
    expect(await screen.findByText('Conversation with alice')).toBeInTheDocument();
    expect(calls).toContain('GET /api/admin/service_messages?userId=5');
    expect(calls.filter((call) => call === 'GET /api/admin/service_threads')).toHaveLength(1);
  });
});
