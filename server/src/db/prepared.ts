import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import type { Db } from './client';
import { pgliteNamedRows, statementNameOf } from './transaction';

/** The rows of a raw statement. */
export const rowsOf = async <T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const dialect = new PgDialect();

/**
 * A hot read as a named prepared statement (one per statement shape: the values are parameters), so each
 * connection plans it once instead of on every request: planning a search or a list page costs about as
 * much as running it. On PostgreSQL through the pool's named statements, on PGlite as pgliteNamedRows does.
 */
export const preparedRowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => {
  const client = (db as unknown as { $client?: unknown }).$client;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementNameOf(text);
  if (client instanceof Pool) return (await client.query({ name, text, values: params })).rows as T[];
  if (client instanceof PGlite) return pgliteNamedRows<T>(client, name, text, params);
  return rowsOf<T>(db, query);
};
