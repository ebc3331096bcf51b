import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorAudit } from '../../db/schema';
import { operators, operatorSessions, type OperatorRole } from '../../db/schema/operators';
import { inTransaction } from '../../db/transaction';
import type { Executor } from '../ledger/transaction';

export type OperatorRow = typeof operators.$inferSelect;

/** Operator accounts and sessions (docs/decisions/0002-operator-accounts.md). Every write that must happen once is one conditional statement. */
export const createOperatorsRepository = (db: Db) => ({
  async findByName(name: string) {
    const [row] = await db.select().from(operators).where(eq(operators.name, name));
    return row;
  },

  async findById(id: number) {
    const [row] = await db.select().from(operators).where(eq(operators.id, id));
    return row;
  },

  /** An admin who can sign in (enrolled, not disabled): while none exists the bootstrap code works. */
  async anyAdmin(): Promise<boolean> {
    const [row] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(
        and(
          sql`'admin' = ANY(${operators.roles})`,
          isNull(operators.disabledAt),
          sql`${operators.totpConfirmedAt} IS NOT NULL`,
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  /**
   * The bootstrap admin again while it is unfinished (no TOTP confirmed) and no enrolled admin exists:
   * a new name and set-up code, password and secret cleared. Undefined when there is none to restart.
   */
  async restartBootstrap(values: { name: string; setupCodeHash: string; setupExpiresAt: Date }) {
    const [row] = await db
      .update(operators)
      .set({ ...values, roles: ['admin'], passwordHash: null, totpSecret: null, totpLastStep: 0, disabledAt: null })
      .where(
        and(
          eq(operators.bootstrap, true),
          isNull(operators.totpConfirmedAt),
          sql`NOT EXISTS (SELECT 1 FROM operators o WHERE 'admin' = ANY(o.roles) AND o.disabled_at IS NULL
                AND o.totp_confirmed_at IS NOT NULL)`,
        ),
      )
      .returning();
    return row;
  },

  /**
   * Recovery of an admin by whoever holds the server's secret: the named operator (created when missing)
   * becomes an enabled admin with a new set-up code; password, TOTP and sessions stop working.
   */
  async recoverAdmin(values: { name: string; setupCodeHash: string; setupExpiresAt: Date }, now: Date) {
    return inTransaction(db, async (tx) => {
      const reset = {
        setupCodeHash: values.setupCodeHash,
        setupExpiresAt: values.setupExpiresAt,
        passwordHash: null,
        totpSecret: null,
        totpConfirmedAt: null,
        totpLastStep: 0,
        disabledAt: null,
      };
      const [existing] = await tx
        .update(operators)
        .set({ ...reset, roles: sql`array_append(array_remove(${operators.roles}, 'admin'), 'admin')` })
        .where(eq(operators.name, values.name))
        .returning();
      const row =
        existing ??
        (
          await tx
            .insert(operators)
            .values({ name: values.name, roles: ['admin'], createdBy: null, bootstrap: false, ...reset })
            .returning()
        )[0]!;
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, row.id), isNull(operatorSessions.revokedAt)));
      return row;
    });
  },

  /** TOTP secrets stored before they were encrypted (the start-up migration seals them). */
  async plainTotpSecrets() {
    return db
      .select({ id: operators.id, totpSecret: operators.totpSecret })
      .from(operators)
      .where(sql`${operators.totpSecret} IS NOT NULL AND ${operators.totpSecret} NOT LIKE 'enc1:%'`);
  },

  /** Replaces a plain secret with its sealed form, unless it changed meanwhile. */
  async sealTotpSecret(id: number, plain: string, sealed: string) {
    await db
      .update(operators)
      .set({ totpSecret: sealed })
      .where(and(eq(operators.id, id), eq(operators.totpSecret, plain)));
  },

  /** Undefined when the name is taken or (createdBy null) the bootstrap admin already exists. */
  async create(values: {
    name: string;
    roles: OperatorRole[];
    setupCodeHash: string;
    setupExpiresAt: Date;
    createdBy: number | null;
    bootstrap: boolean;
  }) {
    const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
    return row;
  },

  async list() {
    const now = new Date();
    return db
      .select({
        id: operators.id,
        name: operators.name,
        roles: operators.roles,
        enrolled: sql<boolean>`${operators.totpConfirmedAt} IS NOT NULL`,
        disabledAt: operators.disabledAt,
        createdAt: operators.createdAt,
        activeSessions: sql<number>`(SELECT count(*)::int FROM ${operatorSessions} s WHERE s.operator_id = ${operators.id} AND s.revoked_at IS NULL AND s.expires_at > ${now})`,
      })
      .from(operators)
      .orderBy(asc(operators.id));
  },

  async update(id: number, values: Partial<typeof operators.$inferInsert>) {
    const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
    return row;
  },

  /** Stores the password and a fresh TOTP secret while the set-up code is still the one given. */
  async setCredentials(id: number, setupCodeHash: string, passwordHash: string, totpSecret: string, now: Date) {
    const [row] = await db
      .update(operators)
      .set({ passwordHash, totpSecret, totpConfirmedAt: null, totpLastStep: 0 })
      .where(
        and(
          eq(operators.id, id),
          eq(operators.setupCodeHash, setupCodeHash),
          gt(operators.setupExpiresAt, now),
          isNull(operators.disabledAt),
        ),
      )
      .returning();
    return row;
  },

  /** Confirms the TOTP secret and ends the set-up code, once. */
  async confirmTotp(id: number, setupCodeHash: string, step: number, now: Date) {
    const [row] = await db
      .update(operators)
      .set({ totpConfirmedAt: now, totpLastStep: step, setupCodeHash: null, setupExpiresAt: null })
      .where(and(eq(operators.id, id), eq(operators.setupCodeHash, setupCodeHash), gt(operators.setupExpiresAt, now)))
      .returning();
    return row;
  },

  /** Takes a TOTP step for a sign-in: false when this or a later step was already used (a replayed code). */
  async useStep(id: number, step: number): Promise<boolean> {
    const rows = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, id), lt(operators.totpLastStep, step)))
      .returning({ id: operators.id });
    return rows.length === 1;
  },

  async createSession(values: { tokenHash: string; operatorId: number; expiresAt: Date; address: string }) {
    const [row] = await db.insert(operatorSessions).values(values).returning();
    return row!;
  },

  /** The live session of this token with its operator: not expired, not revoked, operator not disabled. */
  async findSession(tokenHash: string, now: Date) {
    const [row] = await db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(
        and(
          eq(operatorSessions.tokenHash, tokenHash),
          isNull(operatorSessions.revokedAt),
          gt(operatorSessions.expiresAt, now),
          isNull(operators.disabledAt),
        ),
      );
    return row;
  },

  async revokeSession(id: number, now: Date) {
    await db
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.revokedAt)));
  },

  async revokeAll(operatorId: number, now: Date): Promise<number> {
    const rows = await db
      .update(operatorSessions)
      .set({ revokedAt: now })
      .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)))
      .returning({ id: operatorSessions.id });
    return rows.length;
  },

  async activeAdmins(): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(operators)
      .where(and(sql`'admin' = ANY(${operators.roles})`, isNull(operators.disabledAt)));
    return row?.n ?? 0;
  },

  /** An account change in the audit (the actor is the operator call's). */
  audit: (action: string, operatorId: number, detail: unknown = '') =>
    recordDecision(db, {
      action,
      targetType: 'operator',
      targetId: String(operatorId),
      detail: typeof detail === 'string' ? detail : JSON.stringify(detail),
    }),

  /** The latest audit row about one item: who decided it and when. */
  async lastDecision(targetType: string, targetId: string) {
    const [row] = await db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, targetType), eq(operatorAudit.targetId, targetId)))
      .orderBy(desc(operatorAudit.id))
      .limit(1);
    return row;
  },
});

/** An operator decision in the shared `operator_audit` table, in the caller's transaction (actor filled in). */
export const recordDecision = async (
  executor: Executor,
  entry: { action: string; targetType: string; targetId: string; detail: string },
) => {
  await executor.insert(operatorAudit).values(entry);
};

export type OperatorsRepository = ReturnType<typeof createOperatorsRepository>;
