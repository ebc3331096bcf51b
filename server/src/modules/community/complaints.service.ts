import type {
  AdminComplaint,
  Complaint,
  ComplaintBody,
  ComplaintListQuery,
  ComplaintState,
  Page,
} from '@marketplace/shared/contracts';
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
      return pageOf(
        rows.map((row) => ({ ...toComplaint(row.complaint), userId: row.complaint.userId, account: row.account })),
        total,
        query,
      );
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
      const row = await community.findComplaint(id);
      if (!row) throw fail('err.community.complaintNotFound');
      return { ...toComplaint(row.complaint), userId: row.complaint.userId, account: row.account };
    },
  };
};
