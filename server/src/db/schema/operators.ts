import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId, timestamptz } from './columns';

/** The operator roles (docs/decisions/0002-operator-accounts.md): what each may call is in modules/admin/operator-routes.ts. */
export const OPERATOR_ROLES = ['finance', 'support', 'release', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Operator accounts: people of the back office, not shoppers. argon2id password and a mandatory TOTP
 * second factor, both set by the operator through a one-time set-up code an admin hands out (or the
 * bootstrap code `npm start` prints while no admin exists); until then the account cannot sign in.
 */
export const operators = pgTable(
  'operators',
  {
    id: serialId(),
    /** Sign-in name, lower case. */
    name: text('name').notNull().unique(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull().default([]),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret; confirmed once the operator has entered a code from it. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: timestamptz('totp_confirmed_at'),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the one-time set-up code (new account or reset), and when it stops working. */
    setupCodeHash: text('setup_code_hash'),
    setupExpiresAt: timestamptz('setup_expires_at'),
    /** Who created the account; null for the bootstrap admin and for accounts the automation token created. */
    createdBy: integer('created_by').references((): AnyPgColumn => operators.id),
    /** The first admin, created with the bootstrap code `npm start` prints: at most one ever (index below). */
    bootstrap: boolean('bootstrap').notNull().default(false),
    disabledAt: timestamptz('disabled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('operators_roles_known', sql`${t.roles} <@ ARRAY['finance','support','release','admin']::text[]`),
    check('operators_name_shape', sql`${t.name} ~ '^[a-z0-9][a-z0-9._-]{1,31}$'`),
    // The bootstrap code creates one admin, once, however many processes or calls race for it.
    uniqueIndex('operators_one_bootstrap')
      .on(t.bootstrap)
      .where(sql`${t.bootstrap}`),
  ],
);

/** Signed-in operator sessions: only the token's SHA-256 is stored; they expire and can be revoked. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serialId(),
    tokenHash: text('token_hash').notNull().unique(),
    operatorId: requiredRef('operator_id', () => operators.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** Client address at sign-in, for the operator list. */
    address: text('address').notNull().default(''),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId, t.id)],
);
