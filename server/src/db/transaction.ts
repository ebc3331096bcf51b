import { createHash } from 'node:crypto';
import { parse as pgliteParse, type PGlite, protocol, types } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A transaction handle; repositories take it so several writes share one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** PostgreSQL codes worth one more try: deadlock detected, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

const sqlState = (error: unknown): string | undefined => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
};

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/**
 * Runs `work` again when PostgreSQL gave up on it for a deadlock or serialization failure (another request
 * touched the same rows in another order). `work` must be atomic: one transaction or one statement.
 */
export const withRetries = async <T>(work: () => Promise<T>, attempts = 4): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 10));
    }
  }
};

/**
 * Runs `work` in one transaction, retried as a whole on a deadlock or serialization failure, so callers
 * see either the whole effect or a clear error.
 */
export const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 4): Promise<T> =>
  withRetries(() => db.transaction(work), attempts);

/** `db.execute` rows on both drivers (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = async <T>(executor: Executor, query: SQL): Promise<T[]> => {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

/** The statement names already given to SQL texts (a name per distinct text, made once). */
const statementNames = new Map<string, string>();

/** The prepared statement's name for a SQL text: a hash of it, made once per text (hot reads ask on every call). */
export const statementNameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * `rowsOf` as a prepared statement named after its SQL text: on PostgreSQL each connection parses it once
 * and, after a few runs, reuses a generic plan instead of planning the statement on every call (the pay
 * statement's planning measured ~1 ms of PostgreSQL's CPU per call, more than its execution). For the hot
 * statements whose text does not depend on the values (every value a parameter); a text per list length
 * (`IN (...)` of up to 50 ids) is a few statements per connection. PGlite runs it like `rowsOf`.
 */
export const preparedRowsOf = async <T>(executor: Executor, query: SQL): Promise<T[]> => {
  const { session, dialect } = executor as unknown as { session: PgSession; dialect: PgDialect };
  const built = dialect.sqlToQuery(query);
  const name = statementNameOf(built.sql);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
};

/** Dates and times come back as the text PostgreSQL sends, as drizzle's own PGlite driver leaves them. */
const asText = (value: string) => value;
const PGLITE_PARSERS = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
};
const SILENT = { syncToFs: false } as const;

/** The named statements each PGlite database has parsed, with their parameters' type OIDs. */
const pgliteStatements = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * PGlite's own `query` parses an unnamed statement every time, so the server plans it on every run. Here the
 * statement is parsed once under its name (Parse, Describe) and each run only binds and executes it, with
 * the extended protocol PGlite's `query` speaks itself: the server's plan cache then keeps a generic plan
 * when it is no worse than planning anew, as it does for the pooled PostgreSQL connections.
 * PGlite runs one statement at a time: the read goes through its `transaction` (here, beside the one
 * transaction helper, as a lock rather than a unit of work), so it never runs inside another caller's open
 * transaction, and through `runExclusive`, so no other statement comes between its protocol messages. For a
 * read outside any transaction: on a transaction's handle it would wait for itself.
 */
export const pgliteNamedRows = async <T>(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> => {
  const statements = pgliteStatements.get(client) ?? new Map<string, number[]>();
  pgliteStatements.set(client, statements);
  return client.transaction(() =>
    client.runExclusive(async () => {
      const messages: Parameters<typeof pgliteParse.parseResults>[0] = [];
      try {
        let paramTypes = statements.get(name);
        if (!paramTypes) {
          // A statement of this name left over from a failed first try is replaced (closing none is no error).
          await client.execProtocol(protocol.serialize.close({ type: 'S', name }), SILENT);
          await client.execProtocol(protocol.serialize.parse({ name, text }), SILENT);
          const described = await client.execProtocol(protocol.serialize.describe({ type: 'S', name }), SILENT);
          paramTypes = pgliteParse.parseDescribeStatementResults(described.messages);
          statements.set(name, paramTypes);
        }
        const values = params.map((value, index) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[paramTypes[index] ?? 0];
          return serializer ? serializer(value) : String(value);
        });
        for (const message of [
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
        ]) {
          messages.push(...(await client.execProtocol(message, SILENT)).messages);
        }
      } catch (error) {
        statements.delete(name);
        throw error;
      } finally {
        messages.push(...(await client.execProtocol(protocol.serialize.sync(), SILENT)).messages);
      }
      const [result] = pgliteParse.parseResults(messages, { ...client.parsers, ...PGLITE_PARSERS });
      return (result?.rows ?? []) as T[];
    }),
  );
};
