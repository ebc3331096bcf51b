import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { DrawType, EvidenceMethod, RechargeMethod } from '@marketplace/shared/contracts';
import { currentActor } from '../../modules/operators/actor';
import { cents, createdAt, decidedRequestColumns, decidedRequestIndexes, requiredRef, serialId } from './columns';
import { operators } from './operators';
import { uploads } from './uploads';
import { users } from './users';

/**
 * Where shoppers send money for bank, on-chain and manual top-ups. Operators configure them
 * (`/api/admin/deposit_channel`); `address_pattern` is the regular expression a sending or payout
 * address must match on this network, so an address of another network is refused.
 */
export const depositChannels = pgTable('deposit_channels', {
  id: serialId(),
  method: text('method').$type<EvidenceMethod>().notNull(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  detail: text('detail').notNull().default(''),
  addressPattern: text('address_pattern').notNull().default(''),
  minAmountCents: cents('min_amount_cents').default(100),
  /** On-chain channels can also pay out withdrawals. */
  withdrawable: boolean('withdrawable').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** Top-up requests and card top-ups. Status 0 auditing, 1 passed, 2 refused; decided once. */
export const recharges = pgTable(
  'recharges',
  {
    id: serialId(),
    rechargeNo: text('recharge_no').notNull().unique(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    method: text('method').$type<RechargeMethod>().notNull(),
    channelId: integer('channel_id').references(() => depositChannels.id),
    /** Channel name (or card brand) as it was when submitted. */
    network: text('network').notNull(),
    depositAddress: text('deposit_address').notNull().default(''),
    /** Where the shopper paid from; for cards the masked number. */
    payerAddress: text('payer_address').notNull(),
    amountCents: cents('amount_cents'),
    actualArrivalCents: cents('actual_arrival_cents'),
    evidenceId: text('evidence_id').references(() => uploads.id),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    providerRef: text('provider_ref'),
    ...decidedRequestColumns(),
  },
  (t) => [
    ...decidedRequestIndexes('recharges', t),
    check('recharges_amount_positive', sql`${t.amountCents} > 0 AND ${t.actualArrivalCents} >= 0`),
  ],
);

/** Withdrawals: the draw amount is held (ledger) at request time; refusal returns it, approval pays out. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serialId(),
    withdrawalNo: text('withdrawal_no').notNull().unique(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    drawType: text('draw_type').$type<DrawType>().notNull(),
    drawAmountCents: cents('draw_amount_cents'),
    serviceChargeCents: cents('service_charge_cents'),
    actualArrivalCents: cents('actual_arrival_cents'),
    /** Full card number: the operator pays out to it; shoppers only ever see it masked. */
    bankCardNo: text('bank_card_no').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    channelId: integer('channel_id').references(() => depositChannels.id),
    address: text('address').notNull().default(''),
    ...decidedRequestColumns(),
  },
  (t) => [
    ...decidedRequestIndexes('withdrawals', t),
    check(
      'withdrawals_amounts',
      sql`${t.drawAmountCents} > 0 AND ${t.serviceChargeCents} >= 0 AND ${t.actualArrivalCents} > 0 AND ${t.actualArrivalCents} + ${t.serviceChargeCents} = ${t.drawAmountCents}`,
    ),
  ],
);

/** Every operator decision and configuration change, written in the same transaction as the change. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: serialId(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    detail: text('detail').notNull().default(''),
    /**
     * Who decided (docs/decisions/0002-operator-accounts.md): the operator, or null with `actor` 'automation token' for the shared
     * ADMIN_TOKEN. Filled from the operator call the insert runs in (modules/operators/actor.ts).
     */
    operatorId: integer('operator_id')
      .references(() => operators.id)
      .$defaultFn(() => currentActor()?.operatorId ?? sql`NULL`),
    /** The operator's name when deciding, 'automation token', or '' outside an operator call. */
    actor: text('actor')
      .notNull()
      .default('')
      .$defaultFn(() => currentActor()?.name ?? ''),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_target_idx').on(t.targetType, t.targetId)],
);
