import type {
  AdminComplaint,
  Complaint,
  ComplaintAssignee,
  ComplaintBody,
  ComplaintListQuery,
  ComplaintNote,
  ComplaintState,
  Page,
} from '@marketplace/shared/contracts';
import { AUTOMATION_ACTOR, currentActor } from '../operators/actor';
import { inTransaction } from '../../db/transaction';
import { fail } from '../../lib/app-error';
import { offsetOf, pageOf } from '../../lib/paging';
import type { CommunityDeps } from './community-deps';
import type { ComplaintRow } from './community.repository';

const toComplaint = (row: ComplaintRow): Complaint => ({
  id: row.id,
  shopId: row.shopId,
  shopName: row.shopName,
  content: row.content,
  state: row.state as ComplaintState,
  createdAt: row.createdAt.toISOString(),
});

type AdminComplaintRow = NonNullable<Awaited<ReturnType<CommunityDeps['community']['findComplaint']>>>;

const toAdminComplaint = (row: AdminComplaintRow): AdminComplaint => ({
  ...toComplaint(row.complaint),
  userId: row.complaint.userId,
  account: row.account,
  assigneeId: row.complaint.assigneeId,
  assignee: row.assignee,
  reply: row.complaint.reply,
  repliedAt: row.complaint.repliedAt?.toISOString() ?? null,
  notes: row.notes,
});

/** Shoppers' complaints about shops, and the operators' handling of them. */
export const createComplaintsService = ({
  db,
  community,
  notifier,
}: Pick<CommunityDeps, 'db' | 'community' | 'notifier'>) => {
  const existingShop = async (shopId: number) => {
    const shop = await community.findShop(db, shopId);
    if (!shop) throw fail('err.catalogue.shopNotFound');
    return shop;
  };

  const found = async (id: number): Promise<AdminComplaint> => {
    const row = await community.findComplaint(id);
    if (!row) throw fail('err.community.complaintNotFound');
    return toAdminComplaint(row);
  };

  return {
    async complain(userId: number, body: ComplaintBody): Promise<Complaint> {
      if (body.shopId !== undefined) await existingShop(body.shopId);
      const row = await community.insertComplaint({
        userId,
        shopId: body.shopId ?? null,
        shopName: body.shopName,
        content: body.content,
      });
      return toComplaint(row);
    },

    async listComplaints(query: ComplaintListQuery): Promise<Page<AdminComplaint>> {
      const { rows, total } = await community.listComplaints(query.state, offsetOf(query), query.pageSize);
      return pageOf(rows.map(toAdminComplaint), total, query);
    },

    async handleComplaint(id: number): Promise<AdminComplaint> {
      await inTransaction(db, async (tx) => {
        const handled = await community.handleComplaint(tx, id);
        if (handled) {
          await community.audit(tx, {
            action: 'complaint.handle',
            targetType: 'complaint',
            targetId: String(id),
            detail: '',
          });
          await notifier.notify(tx, handled.userId, 'complaintHandled', { shop: handled.shopName });
        }
      });
      return found(id);
    },

    /** Customer service answers: the reply is kept and the shopper notified (the frame in their language). */
    async replyToComplaint(id: number, reply: string): Promise<AdminComplaint> {
      await inTransaction(db, async (tx) => {
        const replied = await community.replyToComplaint(tx, id, reply);
        if (!replied) throw fail('err.community.complaintNotFound');
        await community.audit(tx, {
          action: 'complaint.reply',
          targetType: 'complaint',
          targetId: String(id),
          detail: reply,
        });
        await notifier.notify(tx, replied.userId, 'complaintReplied', { shop: replied.shopName, reply });
      });
      return found(id);
    },

    /** An internal note, signed with the operator's name. */
    async noteComplaint(id: number, text: string): Promise<AdminComplaint> {
      await found(id);
      const actor = currentActor();
      await inTransaction(db, async (tx) => {
        await community.insertComplaintNote(tx, {
          complaintId: id,
          operatorId: actor?.operatorId ?? null,
          author: actor?.name ?? AUTOMATION_ACTOR,
          text,
        });
        await community.audit(tx, {
          action: 'complaint.note',
          targetType: 'complaint',
          targetId: String(id),
          detail: '',
        });
      });
      return found(id);
    },

    /** Assigns to an enrolled support or admin operator, or unassigns (null). */
    async assignComplaint(id: number, operatorId: number | null): Promise<AdminComplaint> {
      await inTransaction(db, async (tx) => {
        if (operatorId !== null && !(await community.complaintAssignees(tx)).some((one) => one.id === operatorId))
          throw fail('err.community.assigneeNotFound');
        if (!(await community.assignComplaint(tx, id, operatorId))) throw fail('err.community.complaintNotFound');
        await community.audit(tx, {
          action: 'complaint.assign',
          targetType: 'complaint',
          targetId: String(id),
          detail: operatorId === null ? '' : String(operatorId),
        });
      });
      return found(id);
    },

    async complaintNotes(id: number): Promise<ComplaintNote[]> {
      await found(id);
      return (await community.listComplaintNotes(id)).map((note) => ({
        ...note,
        createdAt: note.createdAt.toISOString(),
      }));
    },

    complaintAssignees: (): Promise<ComplaintAssignee[]> => community.complaintAssignees(),
  };
};
