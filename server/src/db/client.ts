import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { acquirePidLock } from './pid-lock';
import * as schema from './schema';

/** Which database to open (`AppConfig.database`). */
export type DatabaseConfig =
  /** `dataDir` undefined = in-memory; `snapshot` starts from a dumped data directory (tests skip initdb). */
  { kind: 'pglite'; dataDir?: string; snapshot?: Blob } | { kind: 'postgres'; url: string };

/** Both drivers share this type, so repositories do not know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** Which driver runs: the embedded PGlite or a PostgreSQL server. */
  kind: DatabaseConfig['kind'];
  db: Db;
  /** Safe to call more than once (shutdown signal and app close may both reach it). */
  close(): Promise<void>;
}

const once = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
};

export const migrationsFolder = path.join(__dirname, 'migrations');

/**
 * The PostgreSQL extensions the migrations create (search, docs/decisions/0006-search-at-scale.md). PostgreSQL has them installed;
 * PGlite loads an extension only when it is passed in where the database is opened.
 */
export const pgliteExtensions = { pg_trgm, unaccent, fuzzystrmatch };

/**
 * The planner's cost of a random page read, on every connection: the catalogue sits in memory, so a
 * bitmap scan of a search word's few thousand products beats reading all 100,000 (the default 4 assumes
 * a disk and picked full scans, 3-5x slower for a shop's name). A connection setting, not a transaction's
 * SET LOCAL: a search is one statement, without a transaction around it.
 */
const RANDOM_PAGE_COST = '1.1';

/** The advisory lock key migrations run under on PostgreSQL (any constant the app uses for nothing else). */
const MIGRATION_LOCK = 7_261_120_001;

/** Opens the database and applies the committed migrations (one set for both drivers). */
export const openDatabase = async (config: DatabaseConfig): Promise<Database> => {
  if (config.kind === 'postgres') {
    const pool = new Pool({
      connectionString: config.url,
      max: 10,
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    });
    // An idle client whose connection the server closed (restart, failover, an administrator's command)
    // emits 'error' on the pool; the pool discards it and connects afresh on the next query. Without a
    // listener that event would crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    try {
      // Several API processes may start at once (npm run start:cluster, a rolling deploy): one migrates
      // at a time, under a session advisory lock, and the others then find the migrations applied.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { kind: 'postgres', db: db as unknown as Db, close: once(() => pool.end()) };
  }
  const release = config.dataDir ? acquirePidLock(`${config.dataDir}.lock`) : () => undefined;
  try {
    const client = new PGlite({
      ...(config.dataDir ? { dataDir: config.dataDir } : {}),
      extensions: pgliteExtensions,
      ...(config.snapshot ? { loadDataDir: config.snapshot } : {}),
    });
    await client.exec(`SET random_page_cost = ${RANDOM_PAGE_COST}`);
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      close: once(async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
};
