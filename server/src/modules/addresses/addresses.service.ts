import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address, addressBody } from '@marketplace/shared/contracts';
import { fail } from '../../lib/app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Executor } from '../ledger/transaction';
import type { AddressesRepository, AddressRow } from './addresses.repository';

const MAX_ADDRESSES = 20;

export const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  addressee: row.addressee,
  mobilePhone: row.mobilePhone,
  area: row.area,
  detailedAddress: row.detailedAddress,
  tag: row.tag,
  isDefault: row.isDefault,
});

type AddressInput = z.output<typeof addressBody>;

/** Serialises one shopper's address writes, so "exactly one default" holds under parallel requests. */
const lockShopper = (tx: Executor, userId: number) =>
  tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);

export const createAddressesService = ({ db, addresses }: { db: Db; addresses: AddressesRepository }) => {
  const makeDefault = async (tx: Executor, userId: number, id: number): Promise<AddressRow> => {
    await addresses.makeDefault(tx, userId, id);
    const row = await addresses.find(tx, userId, id);
    if (!row) throw fail('err.address.notFound');
    return row;
  };

  return {
    async list(userId: number): Promise<Address[]> {
      return (await addresses.list(userId)).map(toAddress);
    },

    async get(userId: number, id: number): Promise<Address> {
      const row = await addresses.find(db, userId, id);
      if (!row) throw fail('err.address.notFound');
      return toAddress(row);
    },

    /** Creates, or updates when `id` is given. The first address is the default; a new default replaces the old. */
    async save(userId: number, body: AddressInput): Promise<Address> {
      const { id, isDefault, ...fields } = body;
      return inTransaction(db, async (tx) => {
        await lockShopper(tx, userId);
        let row: AddressRow | undefined;
        if (id !== undefined) {
          row = await addresses.update(tx, userId, id, fields);
          if (!row) throw fail('err.address.notFound');
        } else {
          const existing = await addresses.countFor(tx, userId);
          if (existing >= MAX_ADDRESSES) throw fail('err.address.tooMany', { max: MAX_ADDRESSES });
          row = await addresses.insert(tx, userId, fields, false);
          if (existing === 0) return toAddress(await makeDefault(tx, userId, row.id));
        }
        if (isDefault && !row.isDefault) row = await makeDefault(tx, userId, row.id);
        return toAddress(row);
      });
    },

    async setDefault(userId: number, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        await lockShopper(tx, userId);
        await makeDefault(tx, userId, id);
      });
    },

    /** Deleting the default makes the oldest remaining address the default. */
    async remove(userId: number, id: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        await lockShopper(tx, userId);
        const removed = await addresses.remove(tx, userId, id);
        if (!removed) throw fail('err.address.notFound');
        if (removed.isDefault) {
          const next = await addresses.oldest(tx, userId);
          if (next) await addresses.makeDefault(tx, userId, next.id);
        }
      });
    },
  };
};

export type AddressesService = ReturnType<typeof createAddressesService>;
