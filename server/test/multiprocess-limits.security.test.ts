jest.setTimeout(180_000);

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { VERIFICATION_HEADER } from '@marketplace/shared/contracts';
import S3rver from '@20minutes/s3rver';
import { hashSecret } from '../src/lib/secrets';
import { createTestApp, portAnswers, type TestApp } from './harness';
import { describeWithPostgresAndRedis } from './services';
import { ADMIN_TOKEN, admin, createShopper, fund, multipart, PAYMENT_CODE, PNG, type Shopper } from './orders.helpers';

/**
 * THREE real API processes on one PostgreSQL, one Redis and one S3-compatible store (the production path:
 * REDIS_URL, S3_*). Several API processes (docs/decisions/0007-several-api-processes.md): limits and the sign-in brake are counted once for all
 * processes, strangers without a human check count against nothing, and one shopper at a limit does not
 * block another on the same address (every request here comes from 127.0.0.1). Several API processes (docs/decisions/0007-several-api-processes.md): the payment-code
 * lockout, the human-check token's use limit and the upload quota hold as on one process with requests
 * sent to all ports in parallel, and an upload made through one process is read through another and by an
 * operator served by a third. Skipped, saying so, when PostgreSQL (TEST_DATABASE_URL) or Redis on
 * 127.0.0.1:6379 does not answer (the S3 server is started here).
 */
const WITHDRAWALS_PER_MINUTE = 6;
const UPLOADS_PER_HOUR = 4;
const BUCKET = 'multiprocess-uploads';
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
const processes: { child: ChildProcess; url: string; dataDir: string }[] = [];

const start = async (env: Record<string, string>) => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-multiprocess-'));
  // node with tsx's loader, not the tsx CLI: the CLI runs the server as a grandchild a kill would miss.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
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
    if (up) return url;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`API process did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, ...((await response.json()) as { code: number; msg: string; data: unknown }) };
};

/** A human check solved against one process (its token is good on every process: one database). */
const humanToken = async (base: string) => {
  const challenge = (await (await fetch(`${base}/api/verification/challenge`)).json()) as { data: Challenge };
  const solution = await solveChallenge({ challenge: challenge.data, deriveKey });
  const payload = Buffer.from(JSON.stringify({ challenge: challenge.data, solution })).toString('base64');
  const verified = await post(`${base}/api/verification/verify`, { payload });
  return (verified.data as { verificationToken: string }).verificationToken;
};

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) skipped = 'TEST_DATABASE_URL is not set';
  else if (!(await portAnswers(6379))) skipped = 'Redis does not answer on 127.0.0.1:6379';
  if (skipped) {
    console.warn(`two-process limits not run: ${skipped}`);
    return;
  }
  // A migrated database of its own; both processes open it as production would.
  t = await createTestApp({ adminToken: ADMIN_TOKEN });
  const database = t.config.database as { kind: 'postgres'; url: string };
  s3Dir = mkdtempSync(path.join(tmpdir(), 'mp-multiprocess-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port: s3Port } = await s3.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    UPLOAD_QUOTA_FILES: String(UPLOADS_PER_HOUR),
    DATABASE_URL: database.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `mp-multiprocess:${process.pid}:${Date.now()}:`,
    ALTCHA_HMAC_KEY: 'multiprocess-test-key',
    ALTCHA_MAX_NUMBER: '20',
    AUTH_RATE_LIMIT_MAX: '10',
    WALLET_RATE_LIMIT_MAX: String(WITHDRAWALS_PER_MINUTE),
    ADMIN_TOKEN: ADMIN_TOKEN,
    // The shared automation token is off with DATABASE_URL unless asked for (docs/decisions/0002-operator-accounts.md).
    ADMIN_TOKEN_AUTOMATION: '1',
    SEED_DEMO: '0',
    SHELL_DIR: path.join(tmpdir(), 'mp-no-shell'),
    DEPLOY_DIR: path.join(tmpdir(), 'mp-no-deploy'),
    LOG_LEVEL: 'warn',
  };
  await Promise.all([start(env), start(env), start(env)]);
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

const all = () => processes.map((p) => p.url) as [string, string, string];
const both = () => all().slice(0, 2) as [string, string];

describeWithPostgresAndRedis('three API processes share one count (PostgreSQL + Redis + S3)', () => {
  it('refuses strangers without a human check on both processes before they count; the owner signs in', async () => {
    const [one, two] = both();
    await createShopper(t, 'mp-owner');
    const hash = await hashSecret('owner-secret');
    await t.db.execute(sql`UPDATE users SET password_hash = ${hash} WHERE account = 'mp-owner'`);
    for (let i = 0; i < 25; i++) {
      const reply = await post(`${i % 2 ? one : two}/api/user/login`, { account: 'mp-owner', password: `guess${i}` });
      expect(reply.code).toBe(428);
    }
    const signedIn = await post(
      `${two}/api/user/login`,
      { account: 'mp-owner', password: 'owner-secret' },
      { [VERIFICATION_HEADER]: await humanToken(one) },
    );
    expect(signedIn.code).toBe(1);
  });

  it('brakes one account once for both processes: the free attempts are shared', async () => {
    const [one, two] = both();
    await createShopper(t, 'mp-target');
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const base = i % 2 ? two : one;
      const reply = await post(
        `${base}/api/user/login`,
        { account: 'mp-target', password: `wrong${i}` },
        { [VERIFICATION_HEADER]: await humanToken(base) },
      );
      codes.push(reply.code);
    }
    // Five evaluated in all (not five per process), then the wait begins wherever the next try lands.
    expect(codes).toEqual([0, 0, 0, 0, 0, 429, 429]);
  });

  it('counts withdrawals per shopper across processes; another shopper on the same address is not blocked', async () => {
    const [one, two] = both();
    const shoppers: Shopper[] = [await createShopper(t, 'mp-carrier-a'), await createShopper(t, 'mp-carrier-b')];
    for (const shopper of shoppers) await fund(t.app, shopper.account, 50_000);
    const withdraw = (base: string, shopper: Shopper) =>
      post(
        `${base}/api/user/extract`,
        {
          drawType: 'bank',
          drawAmount: 200,
          bankCardNo: '4111 1111 1111 1111',
          bankName: 'Test Bank',
          paymentCode: PAYMENT_CODE,
        },
        shopper.headers,
      );
    const statuses: number[] = [];
    for (let i = 0; i <= WITHDRAWALS_PER_MINUTE; i++)
      statuses.push((await withdraw(i % 2 ? two : one, shoppers[0]!)).status);
    expect(statuses).toEqual([...Array(WITHDRAWALS_PER_MINUTE).fill(200), 429]);
    const other = await withdraw(one, shoppers[1]!);
    expect({ status: other.status, code: other.code }).toEqual({ status: 200, code: 1 });
  });

  it('holds the payment-code lockout: 60 parallel wrong codes on all three ports get at most 5 evaluated', async () => {
    const ports = all();
    const shopper = await createShopper(t, 'mp-guesser');
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        post(`${ports[i % 3]}/api/user/verify_pay`, { paymentCode: String(100_000 + i) }, shopper.headers),
      ),
    );
    const evaluated = replies.filter((reply) => reply.msg === 'Pay Fail');
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);
    // Locked now, whichever process asks, even with the right code.
    for (const base of ports) {
      expect((await post(`${base}/api/user/verify_pay`, { paymentCode: PAYMENT_CODE }, shopper.headers)).code).not.toBe(
        1,
      );
    }
  });

  it("holds the human check's use limit: one token sent 15 times to all three ports admits at most 5", async () => {
    const ports = all();
    const token = await humanToken(ports[0]);
    const replies = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        post(
          `${ports[i % 3]}/api/user/login`,
          { account: `mp-nobody-${i}`, password: 'whatever1' },
          {
            [VERIFICATION_HEADER]: token,
          },
        ),
      ),
    );
    const admitted = replies.filter((reply) => reply.code !== 428);
    expect(admitted.length).toBeGreaterThan(0);
    expect(admitted.length).toBeLessThanOrEqual(5);
  });

  it('holds the upload quota across processes, and an upload is read through another process and by an operator on a third', async () => {
    const [one, two, three] = all();
    const shopper = await createShopper(t, 'mp-uploader');
    const send = async (base: string) => {
      const body = multipart(PNG);
      const response = await fetch(`${base}/api/upload`, {
        method: 'POST',
        headers: { ...shopper.headers, ...body.headers },
        body: body.payload,
        signal: AbortSignal.timeout(20_000),
      });
      return { status: response.status, ...((await response.json()) as { code: number; data: { id: string } | null }) };
    };
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => send(all()[i % 3]!)));
    const stored = replies.filter((reply) => reply.code === 1);
    expect(stored).toHaveLength(UPLOADS_PER_HOUR);
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);

    const id = stored[0]!.data!.id;
    const read = async (base: string, headers: Record<string, string>) => {
      const response = await fetch(`${base}/api/upload/${id}`, { headers, signal: AbortSignal.timeout(20_000) });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    for (const base of [one, two]) expect(await read(base, shopper.headers)).toEqual({ status: 200, bytes: PNG });
    expect(await read(three, admin)).toEqual({ status: 200, bytes: PNG });
  });
});
