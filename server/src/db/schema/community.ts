import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { shops } from './catalogue';
import { cents, createdAt, requiredRef, serialId, timestamptz, updatedAt } from './columns';
import { operators } from './operators';
import { users } from './users';

/**
 * Daily shop support ("mutual aid"): one row per shopper, shop and calendar day (the day in the
 * configured support time zone). The unique index makes a second support the same day impossible,
 * also under concurrent clicks; `shops.support_days` is incremented in the same transaction.
 */
export const shopSupports = pgTable(
  'shop_supports',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    shopId: requiredRef('shop_id', () => shops.id),
    supportDay: date('support_day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shop_supports_once_a_day').on(t.userId, t.shopId, t.supportDay),
    index('shop_supports_user_idx').on(t.userId, t.id),
  ],
);

/** A shopper's complaint about a shop or business (requirements §8.2: shop or business name and content). */
export const complaints = pgTable(
  'complaints',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    shopName: text('shop_name').notNull(),
    content: text('content').notNull(),
    /** open | handled */
    state: text('state').notNull().default('open'),
    createdAt: createdAt(),
    /** The operator working on it (console: assign); null: nobody yet. */
    assigneeId: integer('assignee_id').references(() => operators.id, { onDelete: 'set null' }),
    /** Customer service's last reply, which the shopper was notified of (in their language). */
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
  },
  (t) => [index('complaints_state_idx').on(t.state, t.id)],
);

/** Operators' internal notes on a complaint: never shown to the shopper. */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: serialId(),
    complaintId: requiredRef('complaint_id', () => complaints.id),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** Who wrote it, kept when the operator is removed (an operator's name, or the automation token). */
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('complaint_notes_complaint_idx').on(t.complaintId, t.id)],
);

/** Merchant sign-up applications recorded before the shopper is sent to the seller platform. */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    shopName: text('shop_name').notNull().default(''),
    contact: text('contact').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    /** Set once, when an operator approves it: the shop it created or bound (modules/sellers). */
    approvedAt: timestamptz('approved_at'),
    shopId: integer('shop_id'),
  },
  (t) => [index('merchant_applications_user_idx').on(t.userId)],
);

/** VIP levels operators configure: price and benefits. Level 0 is everyone's. */
export const vipLevels = pgTable('vip_levels', {
  level: smallint('level').primaryKey(),
  name: text('name').notNull(),
  priceCents: cents('price_cents'),
  /** Benefit keys or texts shown on the upgrade screen. */
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
});

/** A shopper's VIP purchases; one per level (unique), paid through the ledger (`vip` entry, reference `vip:<id>`). */
export const vipPurchases = pgTable(
  'vip_purchases',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    level: smallint('level')
      .notNull()
      .references(() => vipLevels.level),
    priceCents: cents('price_cents'),
    /** The client's key of the upgrade request: a repeated submit finds its purchase instead of paying again. */
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vip_purchases_once_per_level').on(t.userId, t.level),
    uniqueIndex('vip_purchases_request').on(t.userId, t.requestId),
  ],
);

/** Events for a shopper (order shipped, refund decided, top-up/withdrawal decided, support streaks). */
export const notifications = pgTable(
  'notifications',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    /** i18n key suffix, e.g. `orderShipped`; the text is rendered in the reader's language. */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Where tapping it leads, e.g. `/orderInfo/12`. */
    link: text('link').notNull().default(''),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/** Customer-service conversation: one thread per shopper; operators answer through the operator API. */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    fromOperator: boolean('from_operator').notNull().default(false),
    body: text('body').notNull(),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('service_messages_user_idx').on(t.userId, t.id)],
);

/** External customer-service channels (WhatsApp, Telegram, e-mail …); a disabled one shows "Not Yet Open". */
export const serviceChannels = pgTable('service_channels', {
  id: serialId(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  url: text('url').notNull().default(''),
  enabled: boolean('enabled').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** Help and support, law and policy, platform (partnership) content, per language with English fallback. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serialId(),
    /** help | law | platform */
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    /** Plain text with blank-line paragraphs; rendered as text, never as HTML. */
    body: text('body').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('content_pages_slug_lang').on(t.slug, t.lang)],
);
