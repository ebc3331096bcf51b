import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, serialId } from './columns';
import { users } from './users';

export const addresses = pgTable(
  'addresses',
  {
    id: serialId(),
    userId: requiredRef('user_id', () => users.id),
    addressee: text('addressee').notNull(),
    mobilePhone: text('mobile_phone').notNull(),
    area: text('area').notNull(),
    detailedAddress: text('detailed_address').notNull(),
    tag: text('tag').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // At most one default per shopper, enforced by the database; the service keeps at least one.
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
