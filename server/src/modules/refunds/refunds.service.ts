import { formatMoney, refundPictureIds, type RefundBody } from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { fail } from '../../lib/app-error';
import type { LedgerRepository } from '../ledger/ledger.repository';
import { inTransaction } from '../ledger/transaction';
import { orderForOnceOnly } from '../orders/once-per-order';
import { transitionRefused } from '../orders/order-state-machine';
import type { OrdersRepository } from '../orders/orders.repository';
import type { UploadsRepository } from '../uploads/uploads.repository';
import type { Notifier } from '../support/notifier';
import { recordDecision } from '../operators/operators.repository';
import type { RefundsRepository } from './refunds.repository';

interface Deps {
  db: Db;
  refunds: RefundsRepository;
  orders: OrdersRepository;
  uploads: UploadsRepository;
  ledger: LedgerRepository;
  now: () => Date;
  /** Tells the shopper the decision (in the same transaction). */
  notifier?: Notifier;
}

export const createRefundsService = ({ db, refunds, orders, uploads, ledger, now, notifier }: Deps) => ({
  /** One request per order; amount ≤ paid; the proof (1..6 pictures) must be the shopper's own uploads. */
  async request(userId: number, body: RefundBody): Promise<void> {
    // The body schema has checked the count (1..MAX_REFUND_PICS, repeats counted once).
    const pictures = refundPictureIds(body);
    const [first] = pictures;
    if (!first) throw fail('err.refund.uploadProof');
    await inTransaction(db, async (tx) => {
      const order = await orderForOnceOnly(tx, orders, body.orderId, userId, refunds, 'err.refund.alreadySubmitted');
      if (body.refundAmount > order.totalCents) {
        throw fail('err.refund.amountTooLarge', { amount: formatMoney(order.totalCents) });
      }
      // Another shopper's upload answers as a missing one (ids cannot be probed).
      if ((await uploads.countOwned(tx, userId, pictures)) !== pictures.length) throw fail('err.refund.proofNotFound');
      const moved = await refunds.markRequested(tx, order.id, userId);
      if (!moved) throw transitionRefused('requestRefund', order.status);
      const created = await refunds.insert(tx, {
        orderId: order.id,
        userId,
        refundType: body.refundType,
        refundAmountCents: body.refundAmount,
        productStatus: body.productStatus,
        reason: body.reason,
        explain: body.explain,
        attachmentId: first,
        attachmentIds: pictures,
      });
      if (!created) throw fail('err.refund.alreadySubmitted');
    });
  },

  /**
   * Operator decision, once: agree → order refunded (-2) and the amount back to the balance as a
   * `refund` ledger entry in the same transaction; refuse → the order's previous status, reason kept.
   */
  async decide(orderId: number, agree: boolean, reason: string): Promise<void> {
    if (!agree && !reason.trim()) throw fail('err.refund.refuseReason');
    await inTransaction(db, async (tx) => {
      const refund = await refunds.decide(tx, orderId, agree, reason.trim(), now());
      if (!refund) {
        if (!(await orders.find(tx, orderId, null))) throw fail('err.order.notFound');
        throw fail('err.refund.notPending');
      }
      const order = await orders.settleRefund(tx, orderId, agree);
      if (!order) throw transitionRefused(agree ? 'agreeRefund' : 'refuseRefund', 0);
      // The refunded goods' stock goes back to their variants (docs/decisions/0012-variants-and-stock.md).
      if (agree) await orders.releaseStock(tx, [orderId]);
      if (agree && refund.refundAmountCents > 0) {
        const balance = await ledger.post(tx, refund.userId, [
          { amount: refund.refundAmountCents, kind: 'refund', reference: `order:${orderId}`, note: order.orderNo },
        ]);
        if (balance === null) throw fail('err.server');
      }
      await notifier?.notify(
        tx,
        refund.userId,
        agree ? 'refundAgreed' : 'refundRefused',
        { orderNo: order.orderNo },
        `/orderInfo/${orderId}`,
      );
      // Who decided (docs/decisions/0002-operator-accounts.md): the operator call's actor is recorded with the row.
      await recordDecision(tx, {
        action: agree ? 'refund.agree' : 'refund.refuse',
        targetType: 'refund',
        targetId: String(orderId),
        detail: JSON.stringify({ orderNo: order.orderNo, amount: refund.refundAmountCents, reason: reason.trim() }),
      });
    });
  },

  listPending: () => refunds.listPending(),
});

export type RefundsService = ReturnType<typeof createRefundsService>;
