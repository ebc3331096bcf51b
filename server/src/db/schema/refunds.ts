import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ProductStatus, RefundState, RefundType } from '@marketplace/shared/contracts';
import { cents, createdAt, requiredRef, serialId, timestamptz } from './columns';
import { orders } from './orders';
import { uploads } from './uploads';
import { users } from './users';

/** One refund request per order (unique order_id): a repeat is refused. */
export const refunds = pgTable(
  'refunds',
  {
    id: serialId(),
    orderId: requiredRef('order_id', () => orders.id).unique(),
    userId: requiredRef('user_id', () => users.id),
    refundType: text('refund_type').$type<RefundType>().notNull(),
    refundAmountCents: cents('refund_amount_cents'),
    productStatus: text('product_status').$type<ProductStatus>().notNull(),
    reason: text('reason').notNull(),
    explain: text('explain').notNull(),
    /** The first proof picture (the original `attachment` field, requirements §7.3); also the first of `attachment_ids`. */
    attachmentId: text('attachment_id')
      .notNull()
      .references(() => uploads.id),
    /**
     * Every proof picture's upload id, in the shopper's order (1..6, MAX_REFUND_PICS; the first is `attachment_id`). The
     * unreferenced-upload clean-up keeps the uploads named here (GIN index for its `@>` look-up).
     */
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    state: text('state').$type<RefundState>().notNull().default('pending'),
    decisionReason: text('decision_reason').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    check('refunds_amount_non_negative', sql`${t.refundAmountCents} >= 0`),
    check(
      'refunds_attachment_ids_list',
      sql`jsonb_typeof(${t.attachmentIds}) = 'array' AND jsonb_array_length(${t.attachmentIds}) <= 6`,
    ),
    index('refunds_attachment_ids_idx').using('gin', t.attachmentIds),
  ],
);
