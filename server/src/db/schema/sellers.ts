import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestamptz } from './columns';
import { shops } from './catalogue';
import { merchantApplications } from './community';

/**
 * What a seller account may do in its shop (docs/decisions/0011-seller-accounts.md): `owner` may do
 * everything, including inviting staff; staff hold one or more of the others.
 */
export const SELLER_ROLES = ['owner', 'listings', 'orders', 'finance'] as const;
export type SellerRole = (typeof SELLER_ROLES)[number];

/**
 * People who sell: each account belongs to exactly one shop. argon2id password and a mandatory TOTP second
 * factor, both set through a one-time invitation link (mailed); until then the account cannot sign in.
 */
export const sellerAccounts = pgTable(
  'seller_accounts',
  {
    id: serialId(),
    shopId: requiredRef('shop_id', () => shops.id),
    /** Sign-in name: the invited e-mail address, lower case, unique across every shop. */
    email: text('email').notNull().unique(),
    roles: text('roles').array().$type<SellerRole[]>().notNull().default([]),
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamptz('totp_confirmed_at'),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the one-time invitation code (the link's), unique, and when it stops working. */
    inviteCodeHash: text('invite_code_hash').unique(),
    inviteExpiresAt: timestamptz('invite_expires_at'),
    /** The merchant application that created the owner's account; null for staff. */
    applicationId: integer('application_id').references(() => merchantApplications.id),
    invitedBy: integer('invited_by'),
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('seller_accounts_roles_known', sql`${t.roles} <@ ARRAY['owner','listings','orders','finance']::text[]`),
    check('seller_accounts_roles_some', sql`cardinality(${t.roles}) > 0`),
    index('seller_accounts_shop_idx').on(t.shopId),
  ],
);

/** Signed-in seller sessions: only the token's SHA-256 is stored; they expire and can be revoked. */
export const sellerSessions = pgTable(
  'seller_sessions',
  {
    id: serialId(),
    tokenHash: text('token_hash').notNull().unique(),
    sellerId: requiredRef('seller_id', () => sellerAccounts.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    address: text('address').notNull().default(''),
  },
  (t) => [index('seller_sessions_seller_idx').on(t.sellerId, t.id)],
);
