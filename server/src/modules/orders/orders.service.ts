import {
  OrderStatus,
  type LogisticsEvent,
  type OrderDetail,
  type OrderListQuery,
  type Page,
  type PayOrdersBody,
  type PayResult,
  type ProductComment,
} from '@marketplace/shared/contracts';
import type { Db } from '../../db/client';
import { AppError, fail } from '../../lib/app-error';
import type { Translate } from '../../lib/messages';
import { inTransaction, withRetries } from '../ledger/transaction';
import { uploadUrl } from '../uploads/uploads.service';
import type { UserRow } from '../user/user.repository';
import type { Notifier } from '../support/notifier';
import { recordDecision } from '../operators/operators.repository';
import type { PaymentCodeService } from '../payment-code/payment-code.service';
import { shopperActions, transition, transitionRefused, type Actor } from './order-state-machine';
import type { OrderRow, OrdersRepository } from './orders.repository';
import type { OrderListItem } from './orders.schemas';
import { toOrderListItem } from './order-list-item';

type Details = Awaited<ReturnType<OrdersRepository['details']>>;

/** "de***o": enough to recognise oneself, not enough to find an account. */
const maskAccount = (account: string) =>
  account.length <= 2 ? `${account[0] ?? ''}***` : `${account.slice(0, 2)}***${account.slice(-1)}`;

export const toProductComment = (comment: NonNullable<Details['comment']>, account: string): ProductComment => ({
  id: comment.id,
  author: maskAccount(account),
  content: comment.content,
  productScore: comment.productScore,
  serviceScore: comment.serviceScore,
  postageScore: comment.postageScore,
  // An upload's id, or a picture's own address (the seeded reviews show the product's gallery pictures).
  pics: comment.pics.map((pic) => (pic.startsWith('/') ? pic : uploadUrl(pic))),
  createdAt: comment.createdAt.toISOString(),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

interface Deps {
  db: Db;
  orders: OrdersRepository;
  users: Pick<PaymentCodeService, 'usePaymentCode'>;
  /** Tells the shopper when their order ships and is delivered (in the same transaction). */
  notifier?: Notifier;
}

export const createOrdersService = ({ db, orders, users, notifier }: Deps) => {
  /** Why a conditional update changed nothing: not the caller's / missing, or the state machine says no. */
  const refusal = async (
    name: 'pay' | 'cancel' | 'confirm',
    ids: number[],
    userId: number,
    by: Actor,
  ): Promise<AppError> => {
    const rows = await orders.findMany(db, ids, userId);
    if (rows.length !== ids.length) return fail('err.order.notFound');
    for (const row of rows) {
      if (name === 'pay' && row.paidAt) return fail('err.order.alreadyPaid');
      try {
        transition(name, orders.statusOf(row), by);
      } catch (error) {
        return error as AppError;
      }
    }
    return transitionRefused(name, rows[0]?.status ?? 0);
  };

  const detailOf = (row: OrderRow, details: Details, t: Translate, account: string): OrderDetail => {
    const logistics: LogisticsEvent[] = details.events.map((event) => ({
      kind: event.kind,
      text: t(`order.logistics.${event.kind}`, { carrier: event.carrier ?? '', trackingNo: event.trackingNo ?? '' }),
      carrier: event.carrier,
      trackingNo: event.trackingNo,
      createdAt: event.createdAt.toISOString(),
    }));
    const { refund, comment } = details;
    return {
      id: row.id,
      orderNo: row.orderNo,
      status: orders.statusOf(row),
      shopId: row.shopId,
      shopName: row.shopName,
      items: details.items.map((item) => ({
        productId: item.productId,
        title: item.title,
        image: item.image,
        spec: item.spec,
        unitPrice: item.unitPriceCents,
        quantity: item.quantity,
        subtotal: item.unitPriceCents * item.quantity,
      })),
      quantity: details.items.reduce((sum, item) => sum + item.quantity, 0),
      subtotal: row.subtotalCents,
      freight: row.freightCents,
      discount: row.discountCents,
      promoCode: row.promoCode,
      total: row.totalCents,
      address: row.address,
      carrier: row.carrier,
      trackingNo: row.trackingNo,
      logistics,
      refund: refund
        ? {
            refundType: refund.refundType,
            refundAmount: refund.refundAmountCents,
            productStatus: refund.productStatus,
            reason: refund.reason,
            explain: refund.explain,
            attachmentUrl: uploadUrl(refund.attachmentId),
            // Rows from before migration 0016 were back-filled; an empty list still shows the one picture.
            attachmentUrls: (refund.attachmentIds.length > 0 ? refund.attachmentIds : [refund.attachmentId]).map(
              uploadUrl,
            ),
            state: refund.state,
            decisionReason: refund.decisionReason,
            createdAt: refund.createdAt.toISOString(),
            decidedAt: iso(refund.decidedAt),
          }
        : null,
      comment: comment ? toProductComment(comment, account) : null,
      actions: shopperActions(orders.statusOf(row), { refund: !!refund, comment: !!comment }),
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
    };
  };

  return {
    /** Only the caller's own orders (or every order for an operator: userId null). */
    async listOrders(userId: number | null, query: OrderListQuery): Promise<Page<OrderListItem>> {
      const status = query.status === 'all' ? null : Number(query.status);
      const { rows, total } = await orders.list(userId, status, (query.page - 1) * query.pageSize, query.pageSize);
      return {
        list: rows.map((row) => toOrderListItem(row, orders.statusOf(row.order))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** `userId` null = operator. Another shopper's order reads as "does not exist". */
    async detail(id: number, userId: number | null, t: Translate, account = ''): Promise<OrderDetail> {
      const row = await orders.find(db, id, userId);
      if (!row) throw fail('err.order.notFound');
      return detailOf(row, await orders.details(row.id), t, account);
    },

    /**
     * verify_pay rules first (not set → prompt, wrong → "Pay Fail", 5 wrong → locked; the shopper's orders
     * that no longer wait are refused before the code is checked), then ONE statement
     * (orders.pay) that moves the orders 0 → 1 only if all still wait (so a second pay charges nothing),
     * takes the balance down through ledger entries that cannot overdraw, counts the sales and settles the
     * payment code's claim: two round trips after argon2 (claim before it, this after) instead of seven.
     */
    async pay(user: UserRow, body: PayOrdersBody): Promise<PayResult> {
      const ids = [...new Set(body.orderIds)];
      // An order of the shopper's already paid (a repeated pay) or cancelled: refused before the payment
      // code is checked, as no code could make that pay go through (no try spent, no argon2 run).
      const refused = () => refusal('pay', ids, user.id, 'shopper');
      const outcome = await users.usePaymentCode(
        user,
        body.paymentCode,
        async (pass) => {
          const result = await withRetries(() => orders.pay(db, user.id, ids, new Date(), pass));
          return { lockedUntil: result.lockedUntil, value: result };
        },
        { condition: orders.payable(user.id, ids), refusal: refused },
      );
      if (!outcome.ok) {
        if (outcome.waiting !== ids.length) throw await refused();
        throw fail('err.order.insufficientBalance');
      }
      const list = outcome.paid;
      return { orders: list, total: list.reduce((sum, o) => sum + o.total, 0), balance: outcome.balance };
    },

    /** 0 → -1; the reserved stock goes back. */
    async cancel(userId: number, id: number): Promise<void> {
      const done = await inTransaction(db, async (tx) => {
        const [row] = await orders.move(tx, 'cancel', [id], userId, { status: OrderStatus.CANCELLED });
        if (!row) return false;
        await orders.releaseStock(tx, [id]);
        await orders.addEvent(tx, [id], 'cancelled');
        return true;
      });
      if (!done) throw await refusal('cancel', [id], userId, 'shopper');
    },

    /** 2 → 3 ("Is Confirm Received?"). */
    async confirm(userId: number, id: number): Promise<void> {
      const done = await inTransaction(db, async (tx) => {
        const [row] = await orders.move(tx, 'confirm', [id], userId, { status: OrderStatus.RECEIVED });
        if (!row) return false;
        await orders.addEvent(tx, [id], 'received');
        return true;
      });
      if (!done) throw await refusal('confirm', [id], userId, 'shopper');
    },

    /** Operator: 1 → 2 with carrier and tracking number (a logistics event). */
    async ship(id: number, carrier: string, trackingNo: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const [row] = await orders.move(tx, 'ship', [id], null, { status: OrderStatus.DELIVERED, carrier, trackingNo });
        if (!row) {
          const current = await orders.find(tx, id, null);
          if (!current) throw fail('err.order.notFound');
          throw transitionRefused('ship', current.status);
        }
        await orders.addEvent(tx, [id], 'shipped', { carrier, trackingNo });
        await notifier?.notify(tx, row.userId, 'orderShipped', { orderNo: row.orderNo }, `/orderInfo/${id}`);
        // Who shipped (docs/decisions/0002-operator-accounts.md): the operator call's actor is recorded with the row.
        const detail = JSON.stringify({ orderNo: row.orderNo, carrier, trackingNo });
        await recordDecision(tx, { action: 'order.ship', targetType: 'order', targetId: String(id), detail });
      });
    },

    /** Operator: the carrier delivered the parcel (2 stays 2; recorded once in the timeline). */
    async markDelivered(id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const current = await orders.find(tx, id, null);
        if (!current) throw fail('err.order.notFound');
        transition('deliver', orders.statusOf(current), 'operator');
        const [row] = await orders.move(tx, 'deliver', [id], null, {});
        if (!row || (await orders.hasEvent(tx, id, 'delivered'))) throw transitionRefused('deliver', current.status);
        await orders.addEvent(tx, [id], 'delivered');
        await notifier?.notify(tx, current.userId, 'orderDelivered', { orderNo: current.orderNo }, `/orderInfo/${id}`);
        const detail = JSON.stringify({ orderNo: current.orderNo });
        await recordDecision(tx, { action: 'order.deliver', targetType: 'order', targetId: String(id), detail });
      });
    },
  };
};

export type OrdersService = ReturnType<typeof createOrdersService>;
