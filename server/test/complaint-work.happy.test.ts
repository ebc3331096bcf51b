import type {
  AdminComplaint,
  ComplaintAssignee,
  ComplaintNote,
  Notification,
  Page,
} from '@marketplace/shared/contracts';
import { createTestApp, type TestApp } from './harness';
import { bootstrapAdmin, createOperator, type Operator } from './operators.helpers';
import { createShop, createShopper } from './orders.helpers';
import { get, post } from './community.helpers';

/**
 * Complaints worked in the console (docs/decisions/0002-operator-accounts.md, requirements §8.2): a reply
 * the shopper is notified of in their language, internal notes signed by the operator, an assignee among
 * the support operators; each audited; roles and bad input refused with the envelope.
 */
let t: TestApp;
let root: Operator;
let support: Operator;
let finance: Operator;
let dave: Operator;
beforeAll(async () => {
  t = await createTestApp();
  root = await bootstrapAdmin(t, 'root');
  support = await createOperator(t, root, 'carol', ['support']);
  finance = await createOperator(t, root, 'fiona', ['finance']);
  dave = await createOperator(t, root, 'dave', ['support', 'finance']);
});
afterAll(() => t.close());

const complaint = async (account: string) => {
  const shopper = await createShopper(t, account);
  const shop = await createShop(t, `Shop of ${account}`);
  const reply = await post<{ id: number }>(
    t,
    '/api/merchant/complaint',
    { shopId: shop.id, shopName: shop.name, content: 'Never shipped' },
    shopper.headers,
  );
  return { shopper, shop, id: reply.data.id };
};

const audited = async (action: string, id: number) =>
  (
    (await t.db.execute(
      `SELECT actor FROM operator_audit WHERE action = '${action}' AND target_id = '${id}'`,
    )) as unknown as { rows: { actor: string }[] }
  ).rows;

describe('complaints in the console: reply, notes, assignee', () => {
  it('a reply is kept, audited, and the shopper is notified in their own language', async () => {
    const { shopper, shop, id } = await complaint('replied-to');
    const answered = await post<AdminComplaint>(
      t,
      '/api/admin/complaint_reply',
      { id, text: '  We refunded the postage.  ' },
      support.headers,
    );
    expect(answered).toMatchObject({ code: 1, msg: 'Reply sent', data: { id, reply: 'We refunded the postage.' } });
    expect(answered.data.repliedAt).not.toBeNull();
    const notices = await get<Page<Notification>>(t, '/api/user/notifications?page=1&pageSize=5', {
      ...shopper.headers,
      lang: 'de',
    });
    expect(notices.data.list[0]).toMatchObject({
      kind: 'complaintReplied',
      text: `Der Kundenservice hat auf deine Beschwerde über ${shop.name} geantwortet: We refunded the postage.`,
    });
    expect(await audited('complaint.reply', id)).toEqual([{ actor: 'carol' }]);
  });

  it('notes are signed by their operator, listed oldest first, counted on the row and never shown to the shopper', async () => {
    const { shopper, id } = await complaint('noted');
    for (const text of ['Called the shop', 'Shop promises to ship Monday']) {
      expect(await post(t, '/api/admin/complaint_note', { id, text }, support.headers)).toMatchObject({
        code: 1,
        msg: 'Note added',
      });
    }
    const notes = await get<ComplaintNote[]>(t, `/api/admin/complaint_notes?id=${id}`, dave.headers);
    expect(notes.data.map(({ author, text }) => ({ author, text }))).toEqual([
      { author: 'carol', text: 'Called the shop' },
      { author: 'carol', text: 'Shop promises to ship Monday' },
    ]);
    const open = await get<Page<AdminComplaint>>(t, '/api/admin/complaints?state=open', support.headers);
    expect(open.data.list.find((row) => row.id === id)).toMatchObject({ notes: 2, reply: null });
    const notices = await get<Page<Notification>>(t, '/api/user/notifications?page=1&pageSize=5', shopper.headers);
    expect(notices.data.list).toEqual([]);
  });

  it('assigns to an enrolled support operator, unassigns; a finance or admin operator cannot be the assignee', async () => {
    const { id } = await complaint('assigned');
    const assignees = await get<ComplaintAssignee[]>(t, '/api/admin/complaint_assignees', support.headers);
    expect(assignees.data.map((one) => one.name)).toEqual(['carol', 'dave']);
    expect(await post(t, '/api/admin/complaint_assign', { id, operatorId: support.id }, support.headers)).toMatchObject(
      { code: 1, msg: 'Assignment saved', data: { assigneeId: support.id, assignee: 'carol' } },
    );
    expect(await post(t, '/api/admin/complaint_assign', { id, operatorId: finance.id }, support.headers)).toMatchObject(
      { code: 0, msg: 'This operator cannot take complaints', data: null },
    );
    expect(await post(t, '/api/admin/complaint_assign', { id, operatorId: root.id }, support.headers)).toMatchObject({
      code: 0,
      msg: 'This operator cannot take complaints',
    });
    expect(await post(t, '/api/admin/complaint_assign', { id, operatorId: null }, dave.headers)).toMatchObject({
      code: 1,
      data: { assigneeId: null, assignee: null },
    });
    expect(await audited('complaint.assign', id)).toEqual([{ actor: 'carol' }, { actor: 'dave' }]);
  });

  it('refuses other roles, no session, unknown complaints and bad text with the envelope and changes nothing', async () => {
    const { id } = await complaint('refused');
    const calls: [string, Record<string, unknown>][] = [
      ['/api/admin/complaint_reply', { id, text: 'Hello' }],
      ['/api/admin/complaint_note', { id, text: 'Hello' }],
      ['/api/admin/complaint_assign', { id, operatorId: support.id }],
    ];
    for (const [url, body] of calls) {
      expect((await post(t, url, body, finance.headers)).status).toBe(403);
      expect((await post(t, url, body, root.headers)).status).toBe(403);
      expect((await post(t, url, body, {})).status).toBe(401);
      expect(await post(t, url, { ...body, id: 999_999 }, support.headers)).toMatchObject({
        code: 0,
        msg: 'This complaint does not exist',
      });
    }
    for (const text of ['', '   ', 'x'.repeat(1001), 12]) {
      expect(await post(t, '/api/admin/complaint_reply', { id, text }, support.headers)).toMatchObject({
        code: 0,
        msg: 'Please write a reply of up to 1000 characters',
      });
      expect(await post(t, '/api/admin/complaint_note', { id, text }, support.headers)).toMatchObject({
        code: 0,
        msg: 'Please write a note of up to 1000 characters',
      });
    }
    expect(await get(t, '/api/admin/complaint_notes?id=abc', support.headers)).toMatchObject({
      code: 0,
      msg: 'This complaint does not exist',
    });
    expect((await post(t, '/api/admin/complaint_reply', { id, text: 'a\u0000b' }, support.headers)).code).toBe(0);
    const row = await get<Page<AdminComplaint>>(t, '/api/admin/complaints?state=open', support.headers);
    expect(row.data.list.find((one) => one.id === id)).toMatchObject({ reply: null, notes: 0, assigneeId: null });
  });
});
