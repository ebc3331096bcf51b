import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns';
import { users } from './users';

/** Files under `DATA_DIR/uploads/<id>`; `id` is random, the client's file name is never used. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** Comment pictures become public once attached to a published comment; proofs never do. */
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
