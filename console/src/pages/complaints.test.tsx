import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminComplaint } from '@marketplace/shared/contracts';
import { ok, refusal, renderConsole } from '../testing/console-kit';

// antd's forms, drawers and selects are slow in jsdom on a busy machine.
jest.setTimeout(240_000);
/** A reload after a decision, waited for as long as a loaded machine takes. */
const LONG = { timeout: 15_000 };

const row = (changes: Partial<AdminComplaint> = {}): AdminComplaint => ({
  id: 7,
  shopId: 2,
  shopName: 'Noisy Shop',
  content: 'Never shipped',
  state: 'open',
  createdAt: '2026-12-01T10:00:00.000Z',
  userId: 5,
  account: 'alice',
  assigneeId: null,
  assignee: null,
  reply: null,
  repliedAt: null,
  notes: 0,
  ...changes,
});

describe('complaints: reply, assignee and notes in a drawer', () => {
  it('replies to the shopper, assigns to a support operator and adds a note, each sent once with its text', async () => {
    let current = row();
    const notes: { id: number; author: string; text: string; createdAt: string }[] = [];
    const calls = renderConsole(
      ['support'],
      '/complaints',
      (url, init) => {
        const body = init.body ? (JSON.parse(String(init.body)) as { text?: string; operatorId?: number | null }) : {};
        if (url.startsWith('/api/admin/complaints?')) return ok({ list: [current], total: 1, page: 1, pageSize: 20 });
        if (url === '/api/admin/complaint_assignees') return ok([{ id: 4, name: 'carol' }]);
        if (url === '/api/admin/complaint_notes?id=7') return ok(notes);
        if (url === '/api/admin/complaint_reply') {
          current = row({ ...current, reply: body.text!, repliedAt: '2026-12-02T10:00:00.000Z' });
          return ok(current);
        }
        if (url === '/api/admin/complaint_assign') {
          current = row({
            ...current,
            assigneeId: body.operatorId ?? null,
            assignee: body.operatorId ? 'carol' : null,
          });
          return ok(current);
        }
        if (url === '/api/admin/complaint_note') {
          notes.push({ id: 1, author: 'fiona', text: body.text!, createdAt: '2026-12-02T11:00:00.000Z' });
          current = row({ ...current, notes: notes.length });
          return ok(current);
        }
        return refusal(404, 'Not found');
      },
      { bodies: true },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Work on it: complaint 7 of alice' }, LONG));
    const drawer = await screen.findByRole('dialog', { name: 'Complaint 7 of alice' }, LONG);

    // An empty reply is refused on the spot, with the server's wording.
    await user.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(drawer).findByText('Please write a reply of up to 1000 characters', {}, LONG),
    ).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Your reply'), 'We refunded the postage');
    await user.click(within(drawer).getByRole('button', { name: 'Send reply' }));
    expect(await within(drawer).findByText('We refunded the postage', {}, LONG)).toBeInTheDocument();

    await user.click(within(drawer).getByRole('combobox', { name: 'Assign to' }));
    await user.click(await screen.findByTitle('carol', {}, LONG));
    await user.click(within(drawer).getByRole('button', { name: 'Save assignee' }));
    expect(await screen.findByRole('cell', { name: 'carol' }, LONG)).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText('New note'), 'Called the shop');
    await user.click(within(drawer).getByRole('button', { name: 'Add note' }));
    expect(await within(drawer).findByRole('listitem', {}, LONG)).toHaveTextContent('fiona');
    expect(await screen.findByText('1 note', {}, LONG)).toBeInTheDocument();

    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/admin/complaint_reply {"id":7,"text":"We refunded the postage"}',
      'POST /api/admin/complaint_assign {"id":7,"operatorId":4}',
      'POST /api/admin/complaint_note {"id":7,"text":"Called the shop"}',
    ]);
  });
});
