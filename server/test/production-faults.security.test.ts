jest.setTimeout(180_000);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { Redis } from 'ioredis';
import { createTestApp, portAnswers, type TestApp } from './harness';
import { ADMIN_TOKEN, createShopper, PAYMENT_CODE } from './orders.helpers';
import { describeWithPostgresAndRedis } from './services';

/**
 * Running it in production (README, Running in production): THREE real API processes on one PostgreSQL,
 * one Redis and one S3-compatible store, on 127.0.0.1. A stalled Redis (CLIENT PAUSE) makes a limited call
 * fail fast with the 503 envelope while the catalogue answers; SIGTERM drains the kept-alive connections
 * without a reset; /api/ready is 503 when the configured S3 store cannot be reached. Skipped, saying so,
 * when PostgreSQL (TEST_DATABASE_URL) or Redis on 127.0.0.1:6379 does not answer.
 */
const BUCKET = 'production-faults';
const root = path.resolve(__dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let t: TestApp;
let skipped = '';
let s3: S3rver | undefined;
let s3Dir = '';
let env: Record<string, string> = {};
const processes: { child: ChildProcess; url: string; dataDir: string }[] = [];

const start = async (extra: Record<string, string> = {}) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-faults-'));
  // node with tsx's loader, not the tsx CLI: the CLI runs the server as a grandchild a signal would miss.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, ...extra, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  processes.push({ child, url, dataDir });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, child };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`API process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const timed = async (url: string, init: RequestInit = {}) => {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { code: number; msg: string; data: unknown };
  return { status: response.status, ...body, ms: Date.now() - started };
};

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) skipped = 'TEST_DATABASE_URL is not set';
  else if (!(await portAnswers(6379))) skipped = 'Redis does not answer on 127.0.0.1:6379';
  if (skipped) {
    console.warn(`production faults not run: ${skipped}`);
    return;
  }
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
  const database = t.config.database as { kind: 'postgres'; url: string };
  s3Dir = mkdtempSync(path.join(tmpdir(), 'mp-faults-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port: s3Port } = await s3.run();
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    DATABASE_URL: database.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `mp-faults:${process.pid}:${Date.now()}:`,
    ALTCHA_HMAC_KEY: 'production-faults-key',
    SEED_DEMO: '0',
    SHELL_DIR: path.join(tmpdir(), 'mp-no-shell'),
    DEPLOY_DIR: path.join(tmpdir(), 'mp-no-deploy'),
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_MS: '1000',
  };
  await Promise.all([start(), start(), start()]);
});

afterAll(async () => {
  for (const { child, dataDir } of processes) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
  await t?.close();
  await s3?.close();
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true });
});

describeWithPostgresAndRedis('three API processes in production (PostgreSQL + Redis + S3)', () => {
  it('a 3-second Redis pause: verify_pay answers the 503 envelope within 1 s, the catalogue 200 throughout', async () => {
    if (skipped) return;
    const shopper = await createShopper(t, 'faults-payer');
    const urls = processes.slice(0, 3).map((p) => p.url);
    const verify = (url: string) =>
      timed(`${url}/api/user/verify_pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...shopper.headers },
        body: JSON.stringify({ paymentCode: PAYMENT_CODE }),
      });
    expect((await verify(urls[0]!)).code).toBe(1);
    const admin = new Redis('redis://127.0.0.1:6379', { lazyConnect: true });
    await admin.connect();
    try {
      await admin.call('CLIENT', 'PAUSE', '3000', 'ALL');
      const pausedAt = Date.now();
      const catalogue: number[] = [];
      const browsing = (async () => {
        while (Date.now() - pausedAt < 3_000) {
          for (const url of urls) catalogue.push((await timed(`${url}/api/catalogue/categories`)).status);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const replies = await Promise.all(urls.map(verify));
      await browsing;
      console.info(
        `Redis paused: verify_pay ${replies.map((r) => `${r.status}/${r.code} in ${r.ms} ms`).join(', ')}; catalogue ${catalogue.length} × 200`,
      );
      for (const reply of replies) {
        expect(reply).toMatchObject({ status: 503, code: 503 });
        expect(reply.ms).toBeLessThan(1_000);
      }
      expect(catalogue.length).toBeGreaterThan(6);
      expect(catalogue.every((status) => status === 200)).toBe(true);
    } finally {
      admin.disconnect();
    }
    // Once Redis answers again, so does the limited call.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await verify(urls[1]!)).code).toBe(1);
  });

  it('/api/ready is 503 when the configured S3 store cannot be reached, 200 when it can', async () => {
    if (skipped) return;
    const good = await timed(`${processes[0]!.url}/api/ready`);
    expect(good).toMatchObject({ status: 200, data: { database: 'ok', sharedState: 'ok', uploads: 'ok' } });
    const closedPort = await freePort();
    const { url } = await start({ S3_ENDPOINT: `http://127.0.0.1:${closedPort}` });
    const bad = await timed(`${url}/api/ready`);
    expect(bad).toMatchObject({ status: 503, code: 503, data: { uploads: 'down', database: 'ok' } });
    expect(bad.ms).toBeLessThan(3_000);
  });

  it('SIGTERM with 20 kept-alive clients sending: every request is answered or refused before connecting, no reset', async () => {
    if (skipped) return;
    const { url, child } = processes[2]!;
    const { port } = new URL(url);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stopAt = Infinity;
    const outcomes = new Map<string, number>();
    const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
    const client = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < stopAt) {
        await new Promise<void>((resolve) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/api/catalogue/categories', agent }, (res) => {
            res.resume();
            res.on('end', () => {
              count(String(res.statusCode));
              resolve();
            });
          });
          req.on('error', (error: NodeJS.ErrnoException) => {
            count(error.code ?? error.message);
            resolve();
          });
          req.end();
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      agent.destroy();
    };
    const clients = Array.from({ length: 20 }, client);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    child.kill('SIGTERM');
    const signalledAt = Date.now();
    // The balancer sees it first: /api/ready fails while requests are still served.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const ready = await timed(`${url}/api/ready`).catch((error: Error) => ({ status: 0, error: error.message }));
    expect(await exited).toBe(0);
    const drainMs = Date.now() - signalledAt;
    stopAt = Date.now() + 500;
    await Promise.all(clients);
    const seen = Object.fromEntries(outcomes);
    console.info(`drain: ${JSON.stringify(seen)}, exit ${drainMs} ms after SIGTERM`);
    expect(seen.ECONNRESET ?? 0).toBe(0);
    // Within the drain delay (1 s) and the deadline (10 s).
    expect(drainMs).toBeLessThan(5_000);
    expect(seen['200']).toBeGreaterThan(20);
    expect(Object.keys(seen).filter((what) => !['200', '503', 'ECONNREFUSED'].includes(what))).toEqual([]);
    expect(ready).toMatchObject({ status: 503, code: 503, data: { draining: true } });
  });
});
