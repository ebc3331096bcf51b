import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { VERIFICATION_HEADER, type Envelope } from '@marketplace/shared/contracts';
import { buildApp, type BuildOptions } from '../src/app';
import { defaultAltcha, type AppConfig, type DatabaseConfig } from '../src/config/config';
import { migrationsFolder, pgliteExtensions, type Db } from '../src/db/client';
import { DEFAULT_WALLET_CONFIG } from '../src/modules/wallet/wallet.service';
import { DEMO_SHOPPER } from '../src/db/seed';

export { DEMO_SHOPPER };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  /** Moves the app's clock (token expiry, payment lock, reset-code expiry). */
  advance(ms: number): void;
  /**
   * Stops the app's clock where it is (advance still moves it), for a test whose burst of requests must all
   * land at one instant however slowly a loaded machine runs them.
   */
  freeze(): void;
  close(): Promise<void>;
}

/**
 * PGlite's initdb takes seconds; a migrated data directory is dumped once (per migration set) and every
 * test app starts from a copy of it.
 */
const pgliteSnapshot = async (): Promise<Blob> => {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    if (file.endsWith('.sql')) digest.update(readFileSync(path.join(migrationsFolder, file)));
  }
  const file = path.join(tmpdir(), `mp-pglite-${digest.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite({ extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
};

/** A fresh database per test app: in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set. */
const createDatabase = async (): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { config: { kind: 'pglite', snapshot: await pgliteSnapshot() }, drop: async () => undefined };
  const name = `mp_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString() },
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

/** `build`: e.g. a logger to read what the app logs (silent by default). */
export const createTestApp = async (overrides: Partial<AppConfig> = {}, build: BuildOptions = {}): Promise<TestApp> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-server-test-'));
  const database = await createDatabase();
  let offset = 0;
  let frozenAt: number | null = null;
  const config: AppConfig = {
    dataDir,
    database: database.config,
    deployDir: path.join(dataDir, 'deploy'),
    shellDir: path.join(dataDir, 'no-shell'),
    logLevel: 'silent',
    // Low difficulty: the test solves real challenges in a few milliseconds.
    altcha: { ...defaultAltcha(), maxNumber: 20 },
    authRateLimit: { max: 1000, windowMs: 60_000 },
    seedDemo: true,
    now: () => new Date((frozenAt ?? Date.now()) + offset),
    // Card top-ups through the sandbox acquirer on PostgreSQL too (TEST_DATABASE_URL), as CARD_SANDBOX=1 does.
    wallet: { ...DEFAULT_WALLET_CONFIG, cardSandbox: true },
    ...overrides,
  };
  const app = await buildApp(config, { logger: false, ...build });
  return {
    app,
    db: app.database.db,
    config,
    advance: (ms) => {
      offset += ms;
    },
    freeze: () => {
      frozenAt ??= Date.now();
    },
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

interface Reply<T = unknown> extends Envelope<T> {
  status: number;
}

/** `app.inject` returning the parsed envelope plus the HTTP status. */
export const call = async <T = unknown>(app: FastifyInstance, options: InjectOptions): Promise<Reply<T>> => {
  const response = await app.inject(options);
  return { status: response.statusCode, ...(response.json() as Envelope<T>) };
};

/** A POST of `payload` to `url` as `caller` (a shopper or an operator: their headers, e.g. the token). */
export const postAs = <T = unknown>(
  app: FastifyInstance,
  caller: { headers: Record<string, string> },
  url: string,
  payload: object,
): Promise<Reply<T>> => call<T>(app, { method: 'POST', url, headers: caller.headers, payload });

/** Solves a real ALTCHA challenge from the server and redeems it for a verification token. */
export const solvePayload = async (app: FastifyInstance): Promise<string> => {
  const challenge = await call<Challenge>(app, { method: 'GET', url: '/api/verification/challenge' });
  const solution = await solveChallenge({ challenge: challenge.data, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge: challenge.data, solution })).toString('base64');
};

export const humanToken = async (app: FastifyInstance): Promise<string> => {
  const verified = await call<{ verificationToken: string }>(app, {
    method: 'POST',
    url: '/api/verification/verify',
    payload: { payload: await solvePayload(app) },
  });
  if (verified.code !== 1) throw new Error(`verification failed: ${verified.msg}`);
  return verified.data.verificationToken;
};

export const humanHeaders = async (app: FastifyInstance) => ({ [VERIFICATION_HEADER]: await humanToken(app) });

/** Registers `account` through the human check (the password typed twice; an email only if given): the reply. */
export const register = async (app: FastifyInstance, account: string, password: string, email?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/user/register',
    headers: await humanHeaders(app),
    payload: { account, password, confirmPassword: password, ...(email === undefined ? {} : { email }) },
  });

export const login = async (app: FastifyInstance, account: string, password: string, human?: string) => {
  const reply = await call<{ userinfo: { token: string } }>(app, {
    method: 'POST',
    url: '/api/user/login',
    headers: { [VERIFICATION_HEADER]: human ?? (await humanToken(app)) },
    payload: { account, password },
  });
  if (reply.code !== 1) throw new Error(`login failed: ${reply.msg}`);
  return reply.data.userinfo.token;
};

/** Row count and digest of the contents of each of `tables`: equal before and after, a request changed none of them. */
export const tablesFingerprint = async (db: Db, tables: readonly string[]): Promise<string> => {
  const parts: string[] = [];
  for (const table of tables) {
    const result = await db.execute(
      sql.raw(
        `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS h FROM ${table} t`,
      ),
    );
    parts.push(`${table}:${JSON.stringify((result as unknown as { rows: unknown[] }).rows ?? result)}`);
  }
  return parts.join('|');
};

/** A test app with the demo shopper signed in: the app and the shopper's token. */
export const openAsDemoShopper = async (overrides: Partial<AppConfig> = {}) => {
  const t = await createTestApp(overrides);
  return { t, token: await login(t.app, DEMO_SHOPPER.account, DEMO_SHOPPER.password) };
};

/** Every table's row count plus a digest of its contents: proves a refused request changed nothing. */
export const databaseFingerprint = async (db: Db): Promise<string> => {
  const tables = [
    'users',
    'user_tokens',
    'password_reset_codes',
    'altcha_used_challenges',
    'verification_tokens',
    'orders',
    'shops',
    'products',
    'shop_follows',
    'saved_products',
    'bag_items',
    'order_items',
    'order_events',
    'ledger_entries',
    'addresses',
    'uploads',
    'refunds',
    'comments',
    'promo_codes',
    'deposit_channels',
    'recharges',
    'withdrawals',
    'operator_audit',
  ];
  return tablesFingerprint(db, tables);
};

/**
 * Sends each of `attempts` once with each of `headers` and expects every answer refused with `status` in the
 * HTTP status and the envelope's code (the URL is in the comparison, so a failure names the call).
 */
export const expectEveryRefused = async (
  app: FastifyInstance,
  attempts: InjectOptions[],
  headers: Record<string, string>[],
  status = 401,
) => {
  for (const attempt of attempts) {
    for (const one of headers) {
      const reply = await call(app, { ...attempt, headers: one });
      expect({ url: attempt.url, status: reply.status, code: reply.code }).toEqual({
        url: attempt.url,
        status,
        code: status,
      });
    }
  }
};

/** A seeded random number generator (mulberry32), so a failing random race can be replayed. */
export const seededRandom = (seed: number) => {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

/** Whether something accepts connections on 127.0.0.1:`port` within a second (Redis for the shared-state tests). */
export const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
