import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
import type { Executor } from '../ledger/transaction';

export type AddressRow = typeof addresses.$inferSelect;
type AddressFields = Pick<AddressRow, 'addressee' | 'mobilePhone' | 'area' | 'detailedAddress' | 'tag'>;

/** Every query names the owner: another shopper's id simply matches nothing. */
export const createAddressesRepository = (db: Db) => ({
  list(userId: number) {
    return db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.isDefault), asc(addresses.id));
  },

  async find(executor: Executor, userId: number, id: number): Promise<AddressRow | undefined> {
    const [row] = await executor
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    return row;
  },

  async countFor(executor: Executor, userId: number): Promise<number> {
    const [row] = await executor.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    return row?.n ?? 0;
  },

  async insert(executor: Executor, userId: number, fields: AddressFields, isDefault: boolean) {
    const [row] = await executor
      .insert(addresses)
      .values({ ...fields, userId, isDefault })
      .returning();
    return row!;
  },

  async update(executor: Executor, userId: number, id: number, fields: AddressFields) {
    const [row] = await executor
      .update(addresses)
      .set(fields)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
      .returning();
    return row;
  },

  /** Clears the old default first: the partial unique index allows one default per shopper. */
  async makeDefault(executor: Executor, userId: number, id: number) {
    await executor
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
    await executor
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  },

  async remove(executor: Executor, userId: number, id: number) {
    const [row] = await executor
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
      .returning();
    return row;
  },

  async oldest(executor: Executor, userId: number) {
    const [row] = await executor
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.id))
      .limit(1);
    return row;
  },

  async defaultFor(executor: Executor, userId: number) {
    const [row] = await executor
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    return row;
  },
});

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
