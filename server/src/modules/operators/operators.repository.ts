import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorAudit } from '../../db/schema';
import { operators, operatorSessions, type OperatorRole } from '../../db/schema/operators';
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

  async anyAdmin(): Promise<boolean> {
    const [row] = await db
      .select({ id: operators.id })
      .from(operators)
      .where(and(sql`'admin' = ANY(${operators.roles})`, isNull(operators.disabledAt)))
      .limit(1);
    return Boolean(row);
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
