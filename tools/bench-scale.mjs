// The scale test (docs/decisions/0007-several-api-processes.md): three API processes on one PostgreSQL database, one Redis and one
// S3-compatible store, 10,000 random money operations of 40 shoppers and an operator spread over the three in
// parallel while one process after another is killed with SIGKILL and started again on its port; afterwards
// the database is checked: balances equal their ledgers, none negative, every acknowledged operation is there
// with its effect, no decision or charge applied twice, no 5xx answer, uploads readable through a process
// other than the one that stored them.
//
// Everything runs on 127.0.0.1 and is created here: a fresh database `mp_scale_<pid>` on PostgreSQL
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), a unique REDIS_PREFIX on Redis
// (BENCH_REDIS_URL, default redis://127.0.0.1:6379), an s3rver (@20minutes/s3rver) in this process with a
// temp folder; all of it is removed at the end, also on failure or timeout (10 minutes at most).
//
// Each API process is `node --import tsx server/src/main.ts` (node itself, so SIGKILL reaches the server).
// Shoppers are registered through the API with a solved human check, each from its own loopback address
// (127.0.0.10 + n, as shoppers come from their own networks), so the per-address limits, which are not what
// this measures, stay out of the way; the per-shopper limits are raised through the environment.
//
// An operation counts as acknowledged when the API answered it. A request that meets a killed process fails
// at the connection level (counted as a connection failure); operations that are safe to repeat (a request id,
// or a conditional state change) are sent again to another process, up to 3 tries, as a client would (an
// upload too: a repeat at worst leaves an unreferenced file); order creation and operator balance adjustments
// are not repeated (a repeat would be a second order or credit). The operator is one client on 127.0.0.1 with
// the right credential. Every operation and its answer goes to the journal
// (var/bench/bench-scale-journal.ndjson); the checks compare the acknowledged ones with the database.
//
// Environment: BENCH_SCALE_OPS (10000), BENCH_SCALE_SHOPPERS (40), BENCH_SCALE_CONCURRENCY (24).
// Writes var/bench/bench-scale.md and var/bench/bench-scale.json; exits non-zero when an invariant fails.
import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, root } from './app-server.mjs';
import { humanToken as sharedHumanToken, PG_ADMIN_URL, signUpShopper } from './bench-lib.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const { Client } = require('pg');
const Redis = require('ioredis');
const S3rver = require('@20minutes/s3rver');
const { Secret, TOTP } = require('otpauth');

const OPERATIONS = Number(process.env.BENCH_SCALE_OPS ?? 10_000);
const SHOPPERS = Number(process.env.BENCH_SCALE_SHOPPERS ?? 40);
const CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 24);
const PROCESSES = 3;
/**
 * One process is killed every 3 to 5 s: one that answers, while at least one other answers too (a load
 * balancer always has somewhere to send a request). A restart that takes longer than that (a loaded machine)
 * delays the next kill until two answer again.
 */
const KILL_EVERY_MS = [3_000, 5_000];
const TOTAL_TIMEOUT_MS = 10 * 60_000;
/** The operations stop this long before the whole run's bound at the latest: time for the checks and the clean-up. */
const RESERVE_FOR_CHECKS_MS = 100_000;
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_TRIES = 3;
/** Operations of one shopper in flight at once, at most. */
const PER_SHOPPER_IN_FLIGHT = 3;
const PAYMENT_CODE = '123456';
const PASSWORD = 'scale123';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'marketplace-scale';
const S3_KEYS = { id: 'S3RVER', secret: 'S3RVER' };
const ADMIN_TOKEN = `scale-operator-${randomBytes(12).toString('hex')}`;
const DB_NAME = `mp_scale_${process.pid}`;
const REDIS_PREFIX = `mp_scale_${process.pid}:`;
/** The server's answer to err.server (English): an answer that is a server failure even with HTTP 200. */
const SERVER_ERROR_TEXT = 'The system is busy, please try again later';
const INSUFFICIENT_TEXT = 'Your balance is not enough, please top up first';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TRC20_ADDRESS = 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy';
const benchDir = path.join(root, 'var/bench');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const runStarted = performance.now();
const since = () => Math.round(performance.now() - runStarted);
const pick = (list) => list[randomInt(list.length)];
/** Removes and returns a random element. */
const take = (list) => {
  if (list.length === 0) return undefined;
  const index = randomInt(list.length);
  const [item] = list.splice(index, 1);
  return item;
};
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const requestId = () => randomBytes(12).toString('base64url');

// ---------------------------------------------------------------------------------------------------------
// Clean-up: every resource registers here; runs once, also from the watchdog and on signals.
// ---------------------------------------------------------------------------------------------------------
const workDir = mkdtempSync(path.join(tmpdir(), 'mp-scale-'));
/** @type {{ index: number, port: number, url: string, dataDir: string, logFile: string, logFd: number, child: import('node:child_process').ChildProcess | null, state: 'starting' | 'up' | 'down', stopping: boolean, killedAt: number | null, starts: number, unexpectedExits: number }[]} */
const procs = [];
let s3server;
let pgAdmin;
let databaseCreated = false;
let cleanedUp = false;

const killAllNow = () => {
  for (const proc of procs) {
    proc.stopping = true;
    if (proc.child && proc.child.exitCode === null && proc.child.signalCode === null) {
      try {
        proc.child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
};
process.on('exit', killAllNow);

const cleanup = async () => {
  if (cleanedUp) return;
  cleanedUp = true;
  killAllNow();
  await Promise.all(
    procs.map(
      (proc) =>
        new Promise((resolve) => {
          if (!proc.child || proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
          proc.child.once('exit', resolve);
          setTimeout(resolve, 5_000).unref();
        }),
    ),
  );
  for (const proc of procs) {
    try {
      closeSync(proc.logFd);
    } catch {
      // Closed.
    }
  }
  if (pgAdmin) {
    if (databaseCreated) {
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch((error) => {
        console.error(`bench-scale: could not drop ${DB_NAME}: ${error.message}`);
      });
    }
    await pgAdmin.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } catch (error) {
    console.error(`bench-scale: could not remove the Redis keys ${REDIS_PREFIX}*: ${error.message}`);
  } finally {
    redis.disconnect();
  }
  await s3server?.close().catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
};

const watchdog = setTimeout(() => {
  console.error(`bench-scale: gave up after ${TOTAL_TIMEOUT_MS / 60_000} minutes`);
  setTimeout(() => process.exit(1), 30_000).unref();
  cleanup().finally(() => process.exit(1));
}, TOTAL_TIMEOUT_MS);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`bench-scale: ${signal}, cleaning up`);
    cleanup().finally(() => process.exit(1));
  });
}

// ---------------------------------------------------------------------------------------------------------
// HTTP: one connection per request (a killed process's pooled connections would fail later requests that
// never reached it), from the shopper's own loopback address.
// ---------------------------------------------------------------------------------------------------------
/** Every answered request's latency, 5xx answers with their request, connection failures per process. */
const requestStats = {
  sent: 0,
  answered: 0,
  connectionFailures: 0,
  timeouts: 0,
  byProcess: [0, 0, 0].map(() => ({ sent: 0, connectionFailures: 0 })),
  latencies: [],
  serverErrors: [],
  rateLimited: 0,
  /** 429 answers to operator calls that carry the right credential. */
  operatorRefused: [],
};

/**
 * @returns {Promise<{ kind: 'answer', status: number, json: any, bytes: Buffer } | { kind: 'connection' | 'timeout', error: string }>}
 */
const request = (procIndex, method, url, { body, raw, contentType, headers = {}, from } = {}) =>
  new Promise((resolve) => {
    const proc = procs[procIndex];
    const payload = raw ?? (body !== undefined ? Buffer.from(JSON.stringify(body)) : undefined);
    const started = performance.now();
    let settled = false;
    const done = (result) => {
      if (settled) return;
      settled = true;
      if (result.kind === 'answer') {
        requestStats.answered++;
        requestStats.latencies.push(performance.now() - started);
      } else {
        requestStats.byProcess[procIndex].connectionFailures++;
        if (result.kind === 'timeout') requestStats.timeouts++;
        else requestStats.connectionFailures++;
      }
      resolve(result);
    };
    requestStats.sent++;
    requestStats.byProcess[procIndex].sent++;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proc.port,
        method,
        path: url,
        agent: false,
        localAddress: from,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': contentType ?? 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          let json = null;
          if (String(res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(bytes.toString('utf8'));
            } catch {
              json = null;
            }
          }
          done({ kind: 'answer', status: res.statusCode, json, bytes });
        });
        res.on('error', (error) => done({ kind: 'connection', error: error.code ?? error.message }));
        res.on('close', () => {
          if (!res.complete) done({ kind: 'connection', error: 'response cut short' });
        });
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      done({ kind: 'timeout', error: `no answer in ${REQUEST_TIMEOUT_MS / 1000} s` });
      req.destroy();
    });
    req.on('error', (error) => done({ kind: 'connection', error: error.code ?? error.message }));
    req.end(payload);
  });

/** 'ok' | 'refused' (a rule said no) | 'server' (5xx or err.server) | 'connection' | 'timeout'. */
const classify = (result) => {
  if (result.kind !== 'answer') return result.kind;
  if (result.status >= 500 || result.json?.msg === SERVER_ERROR_TEXT) return 'server';
  if (result.json?.code === 1 && result.status < 400) return 'ok';
  return 'refused';
};

const otherProcess = (not) => {
  const choices = [0, 1, 2].filter((i) => !not.includes(i));
  return pick(choices.length > 0 ? choices : [0, 1, 2]);
};

/**
 * Sends one request of an operation; with `retry`, a connection failure or timeout is sent again to another
 * process (up to MAX_TRIES). Returns the last result with its class, and every try.
 */
const send = async (op, method, url, options = {}, { retry = true, proc } = {}) => {
  const tries = [];
  let target = proc ?? randomInt(PROCESSES);
  for (;;) {
    const result = await request(target, method, url, options);
    const outcome = classify(result);
    tries.push({ proc: target, outcome, ...(result.kind === 'answer' ? {} : { error: result.error }) });
    if (outcome === 'server') {
      requestStats.serverErrors.push({
        op: op.n,
        opName: op.op,
        proc: target,
        method,
        url,
        body: options.raw ? '(multipart upload)' : options.body,
        status: result.status,
        answer: result.json ?? result.bytes.toString('utf8').slice(0, 300),
        at: since(),
      });
    }
    if (result.kind === 'answer' && result.status === 429) {
      requestStats.rateLimited++;
      if (url.startsWith('/api/admin/')) {
        requestStats.operatorRefused.push({
          op: op.n,
          opName: op.op,
          proc: target,
          method,
          url,
          at: since(),
          answer: result.json,
        });
      }
    }
    op.requests.push({ method, url, tries: tries.length, last: tries.at(-1) });
    const again = (outcome === 'connection' || outcome === 'timeout') && retry && tries.length < MAX_TRIES;
    if (!again) return { ...result, outcome, tries, proc: target };
    op.retries++;
    await sleep(150);
    target = otherProcess(tries.map((t) => t.proc));
  }
};

const multipart = (bytes) => {
  const boundary = `----scale${randomBytes(8).toString('hex')}`;
  const raw = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { raw, contentType: `multipart/form-data; boundary=${boundary}` };
};

// ---------------------------------------------------------------------------------------------------------
// API processes
// ---------------------------------------------------------------------------------------------------------
let processEnv;
const restarts = [];
const kills = [];

const healthy = async (proc) => {
  const result = await new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: proc.port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
      res.on('error', () => resolve(false));
    });
    req.setTimeout(1_000, () => req.destroy());
    req.on('error', () => resolve(false));
  });
  return result;
};

const startProcess = (proc) => {
  proc.state = 'starting';
  proc.starts++;
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    env: { ...processEnv, PORT: String(proc.port), DATA_DIR: proc.dataDir },
    stdio: ['ignore', proc.logFd, proc.logFd],
  });
  proc.child = child;
  child.on('exit', (code, signal) => {
    if (proc.child !== child) return;
    proc.state = 'down';
    if (proc.stopping) return;
    if (!proc.killRequested) {
      proc.unexpectedExits++;
      console.error(`bench-scale: API process ${proc.index} exited by itself (${signal ?? code}); starting it again`);
      proc.killedAt ??= performance.now();
    }
    proc.killRequested = false;
    startProcess(proc);
  });
  (async () => {
    while (proc.child === child && child.exitCode === null && child.signalCode === null && !proc.stopping) {
      if (await healthy(proc)) {
        if (proc.child !== child) return;
        proc.state = 'up';
        if (proc.killedAt !== null) {
          restarts.push({ proc: proc.index, downMs: Math.round(performance.now() - proc.killedAt) });
          proc.killedAt = null;
        }
        proc.upSince = performance.now();
        return;
      }
      if (performance.now() - startedAt > 90_000) {
        console.error(`bench-scale: API process ${proc.index} did not answer within 90 s`);
        proc.failedToStart = true;
        return;
      }
      await sleep(100);
    }
  })();
};

const waitAllUp = async (timeoutMs = 120_000) => {
  const deadline = performance.now() + timeoutMs;
  while (procs.some((proc) => proc.state !== 'up')) {
    if (procs.some((proc) => proc.failedToStart) || performance.now() > deadline) {
      const logs = procs
        .map((proc) => `--- process ${proc.index}\n${readFileSync(proc.logFile, 'utf8').slice(-2000)}`)
        .join('\n');
      throw new Error(`API processes did not all come up\n${logs}`);
    }
    await sleep(100);
  }
};

let stopKilling = false;
const killer = async () => {
  while (!stopKilling) {
    await sleep(randomInt(KILL_EVERY_MS[0], KILL_EVERY_MS[1] + 1));
    while (!stopKilling && procs.filter((proc) => proc.state === 'up').length < 2) await sleep(50);
    if (stopKilling) return;
    const proc = pick(procs.filter((p) => p.state === 'up'));
    proc.killedAt = performance.now();
    proc.killRequested = true;
    proc.state = 'down';
    kills.push({ proc: proc.index, at: since() });
    proc.child.kill('SIGKILL');
  }
};

// ---------------------------------------------------------------------------------------------------------
// Journal and expectations
// ---------------------------------------------------------------------------------------------------------
const journal = [];
/** Effects the database must show for acknowledged operations (checked after the run). */
const expectations = [];
/** A shopper's acknowledged top-up or withdrawal request (`requestId`) that made `record`; `details` by kind. */
const expectRecord = (type, op, shopper, record, { amount, requestId, ...details }) =>
  expectations.push({ type, op: op.n, id: record.id, account: shopper.account, amount, requestId, ...details });
/** Rules broken while running (a repeat accepted, a double submit applied twice). */
const violations = [];
const refusalMessages = new Map();
let opCounter = 0;

const newOp = (op, shopper) => ({
  n: ++opCounter,
  op,
  shopper: shopper?.account ?? 'operator',
  at: since(),
  requests: [],
  retries: 0,
});

/** The decisive answer of an operation: what the journal keeps and what counts it. */
const finish = (op, result, effect = {}) => {
  op.outcome = result.outcome;
  op.acknowledged = result.outcome === 'ok' || result.outcome === 'refused' || result.outcome === 'server';
  if (result.kind === 'answer') op.answer = { status: result.status, code: result.json?.code, msg: result.json?.msg };
  if (result.outcome === 'refused') {
    const key = `${op.op}: ${result.json?.msg ?? `HTTP ${result.status}`}`;
    refusalMessages.set(key, (refusalMessages.get(key) ?? 0) + 1);
  }
  Object.assign(op, effect);
  op.ms = since() - op.at;
  journal.push(op);
  return result.outcome;
};

// ---------------------------------------------------------------------------------------------------------
// Set-up: shoppers (registered, payment code, address), funds, products, channels
// ---------------------------------------------------------------------------------------------------------
const must = async (promise, what) => {
  const result = await promise;
  if (result.kind !== 'answer' || result.json?.code !== 1) {
    throw new Error(`${what}: ${result.kind === 'answer' ? `${result.status} ${result.json?.msg}` : result.error}`);
  }
  return result.json.data;
};

/** @type {{ index: number, account: string, from: string, headers: { token: string }, addressId: number, vip: number, inFlight: number, waiting: { id: number, total: number }[], paid: { id: number, total: number }[] }[]} */
const shoppers = [];
const products = [];
let channels = {};
const uploadsStored = [];
const paidOrders = [];
const pending = { recharges: [], withdrawals: [], refunds: [] };
const decided = { recharges: [], withdrawals: [], refunds: [] };

/** A request's answer as the envelope the shared set-up helpers read (a failure's msg says what went wrong). */
const envelope = async (pending) => {
  const result = await pending;
  if (result.kind === 'answer' && result.json?.code === 1) return result.json;
  return { code: 0, msg: result.kind === 'answer' ? `${result.status} ${result.json?.msg}` : result.error };
};
const humanToken = () => sharedHumanToken((method, url, options) => envelope(request(0, method, url, options)));

/**
 * An operator with the finance and support roles is created with the automation token, sets its password,
 * enrols TOTP and signs in; its session token is the `operator-token` header of every operator call after.
 */
const signInOperator = async () => {
  const automation = { 'admin-token': ADMIN_TOKEN };
  const name = `scale-operator-${process.pid}`;
  const password = randomBytes(18).toString('base64url');
  const { setupCode } = await must(
    request(0, 'POST', '/api/admin/operator', { headers: automation, body: { name, roles: ['finance', 'support'] } }),
    'create the operator',
  );
  const { secret } = await must(
    request(1, 'POST', '/api/admin/auth/setup', { body: { name, setupCode, password } }),
    'operator password',
  );
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const { token } = await must(
    request(2, 'POST', '/api/admin/auth/setup_confirm', { body: { name, setupCode, code } }),
    'operator TOTP',
  );
  admin['operator-token'] = token;
};

const setup = async () => {
  const human = { 'human-verification': await humanToken() };
  await signInOperator();
  const makeShopper = async (index) => {
    const account = `scale_${index}`;
    const from = `127.0.0.${10 + index}`;
    // Each step through the next process, from the shopper's own address.
    const callFor = (step) => (method, url, options) =>
      envelope(request((index + step) % 3, method, url, { from, ...options }));
    const headers = await signUpShopper({ account, password: PASSWORD, paymentCode: PAYMENT_CODE, human, callFor });
    const address = await must(
      request(index % 3, 'POST', '/api/user/address_add', {
        from,
        headers,
        body: {
          addressee: 'Scale Shopper',
          mobilePhone: '+1 555 010 0000',
          area: 'Bench City',
          detailedAddress: `${index} Load St`,
          tag: 'home',
        },
      }),
      `address ${account}`,
    );
    shoppers[index] = {
      index,
      account,
      from,
      headers,
      addressId: address.id,
      vip: 0,
      inFlight: 0,
      waiting: [],
      paid: [],
    };
  };
  for (let i = 0; i < SHOPPERS; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, SHOPPERS - i) }, (_, k) => makeShopper(i + k)));
  }
  // Three shoppers in four start with funds (operator adjustments, journaled like the run's own); the rest
  // start at zero and live on top-ups.
  for (const shopper of shoppers.filter((s) => s.index % 4 !== 3)) {
    const op = newOp('setup fund', shopper);
    const amount = randomInt(200_000, 500_001);
    const note = `scale setup fund ${op.n}`;
    const result = await send(op, 'POST', '/api/admin/balance/adjust', {
      headers: admin,
      body: { account: shopper.account, amount, reason: note },
    });
    if (finish(op, result, { amount }) !== 'ok') throw new Error(`setup fund: ${result.json?.msg ?? result.error}`);
    expectations.push({ type: 'adjust', op: op.n, account: shopper.account, amount, note });
  }
  const list = (await must(request(0, 'GET', '/api/catalogue/products?sort=sales&pageSize=100'), 'products')).list;
  for (const product of list.filter((p) => p.unitPrice <= 15_000)) {
    const detail = await must(request(1, 'GET', `/api/catalogue/product?id=${product.id}`), 'product');
    if (detail.stock >= 100) {
      products.push({
        id: product.id,
        spec: Object.fromEntries(detail.specs.map((s) => [s.name, s.options[0]])),
      });
    }
    if (products.length >= 30) break;
  }
  if (products.length < 5) throw new Error(`only ${products.length} products in stock`);
  const blockchain = await must(
    request(2, 'GET', '/api/user/getBlockchain', { headers: shoppers[0].headers, from: shoppers[0].from }),
    'channels',
  );
  const find = (test) => blockchain.channels.find(test);
  channels = {
    onChain: find((c) => c.method === 'onChain' && c.name.includes('TRC20')),
    bank: find((c) => c.method === 'bank'),
    manual: find((c) => c.method === 'manual'),
  };
  if (!channels.onChain || !channels.bank || !channels.manual) throw new Error('deposit channels missing');
};

// ---------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------
/**
 * The operator's credential for the operations: the session of an operator signed in with password and TOTP,
 * as operators work in production (the automation token is off with DATABASE_URL unless asked for,
 * docs/decisions/0002-operator-accounts.md). Filled by `signInOperator` before the operations start.
 */
const admin = {};
const as = (shopper) => ({ headers: shopper.headers, from: shopper.from });

/** Uploads a distinct picture through a random process; returns its id and process, or the failed result. */
const upload = async (op, shopper) => {
  const bytes = Buffer.concat([PNG, randomBytes(randomInt(16, 2_048))]);
  const result = await send(op, 'POST', '/api/upload', { ...as(shopper), ...multipart(bytes) });
  if (result.outcome !== 'ok') return { result };
  const stored = { id: result.json.data.id, sha: sha(bytes), proc: result.proc, shopper: shopper.index };
  uploadsStored.push(stored);
  return { result, stored };
};

/**
 * The operator decides a waiting request of `kind` (`recharge`, `withdrawal` or `refund`, which is named by its
 * order), agreeing `agreeInTen` times in ten.
 */
const operatorDecides = async (kind, agreeInTen) => {
  const op = newOp(`${kind}Decide`);
  const item = take(pending[`${kind}s`]);
  const agree = randomInt(10) < agreeInTen;
  const [key, journalKey] = kind === 'refund' ? ['orderId', 'orderId'] : ['id', `${kind}Id`];
  const result = await send(op, 'POST', `/api/admin/${kind}/decide`, {
    headers: admin,
    body: { [key]: item[key], agree, reason: agree ? '' : 'Refused by the scale bench' },
  });
  finish(op, result, { [journalKey]: item[key], agree });
  return { op, item, agree, result };
};

const ops = {
  async createOrder(shopper) {
    const op = newOp('createOrder', shopper);
    const product = pick(products);
    const quantity = randomInt(1, 3);
    const result = await send(
      op,
      'POST',
      '/api/order/create',
      {
        ...as(shopper),
        body: { buyNow: { productId: product.id, quantity, spec: product.spec }, addressId: shopper.addressId },
      },
      { retry: false },
    );
    const created = result.outcome === 'ok' ? result.json.data.orders : [];
    finish(op, result, { orders: created.map((o) => ({ id: o.id, total: o.total })) });
    for (const order of created) {
      shopper.waiting.push({ id: order.id, total: order.total });
      expectations.push({ type: 'orderCreated', op: op.n, id: order.id, total: order.total, account: shopper.account });
    }
  },

  async pay(shopper) {
    const op = newOp('pay', shopper);
    const batch = [take(shopper.waiting)];
    if (shopper.waiting.length > 0 && randomInt(5) === 0) batch.push(take(shopper.waiting));
    const result = await send(op, 'POST', '/api/order/pay', {
      ...as(shopper),
      body: { orderIds: batch.map((o) => o.id), paymentCode: PAYMENT_CODE },
    });
    const paid = result.outcome === 'ok' ? result.json.data.orders : [];
    finish(op, result, { orderIds: batch.map((o) => o.id), paid: paid.map((o) => o.id) });
    if (result.outcome === 'ok') {
      const ids = new Set(paid.map((o) => o.id));
      if (ids.size !== batch.length || !batch.every((o) => ids.has(o.id))) {
        violations.push(`op ${op.n}: pay of ${batch.map((o) => o.id)} answered success for ${[...ids]}`);
      }
      for (const order of batch) {
        expectations.push({ type: 'paid', op: op.n, id: order.id, total: order.total });
        shopper.paid.push(order);
        paidOrders.push({ ...order, shopper: shopper.index });
      }
    } else if (result.outcome === 'refused' && result.json?.msg === INSUFFICIENT_TEXT) {
      shopper.waiting.push(...batch);
    }
    // Any other outcome leaves the orders' state unknown to the client: they take no further part.
  },

  async doublePay(shopper) {
    const op = newOp('doublePay', shopper);
    const order = take(shopper.waiting);
    const first = randomInt(PROCESSES);
    const second = otherProcess([first]);
    const body = { orderIds: [order.id], paymentCode: PAYMENT_CODE };
    const results = await Promise.all(
      [first, second].map((proc) =>
        send(op, 'POST', '/api/order/pay', { ...as(shopper), body }, { retry: false, proc }),
      ),
    );
    const wins = results.filter((r) => r.outcome === 'ok');
    if (wins.length > 1) violations.push(`op ${op.n}: order ${order.id} paid twice by a double submit`);
    const decisive = wins[0] ?? results.find((r) => r.outcome === 'refused') ?? results[0];
    finish(op, decisive, { orderIds: [order.id], answers: results.map((r) => r.outcome) });
    if (wins.length >= 1) {
      expectations.push({ type: 'paid', op: op.n, id: order.id, total: order.total });
      shopper.paid.push(order);
      paidOrders.push({ ...order, shopper: shopper.index });
    } else if (results.every((r) => r.outcome === 'refused' && r.json?.msg === INSUFFICIENT_TEXT)) {
      shopper.waiting.push(order);
    }
  },

  async cancel(shopper) {
    const op = newOp('cancel', shopper);
    const order = take(shopper.waiting);
    const result = await send(op, 'POST', '/api/order/cancel', { ...as(shopper), body: { id: order.id } });
    finish(op, result, { orderId: order.id });
    if (result.outcome === 'ok') expectations.push({ type: 'cancelled', op: op.n, id: order.id });
  },

  async repeatPay() {
    const op = newOp('repeatPay');
    const order = pick(paidOrders);
    const shopper = shoppers[order.shopper];
    op.shopper = shopper.account;
    const result = await send(op, 'POST', '/api/order/pay', {
      ...as(shopper),
      body: { orderIds: [order.id], paymentCode: PAYMENT_CODE },
    });
    finish(op, result, { orderId: order.id });
    if (result.outcome === 'ok') violations.push(`op ${op.n}: a second pay of paid order ${order.id} was accepted`);
  },

  async refundRequest(shopper) {
    const op = newOp('refundRequest', shopper);
    const order = take(shopper.paid);
    const proof = await upload(op, shopper);
    if (!proof.stored) {
      finish(op, proof.result, { orderId: order.id, step: 'upload' });
      shopper.paid.push(order);
      return;
    }
    const amount = pick([order.total, order.total, Math.floor(order.total / 2), 0]);
    const result = await send(
      op,
      'POST',
      '/api/order/refund',
      {
        ...as(shopper),
        body: {
          orderId: order.id,
          refundType: 'refund',
          refundAmount: amount,
          productStatus: 'notReceived',
          reason: 'Scale test',
          explain: 'Refund requested by the scale bench',
          attachment: proof.stored.id,
        },
      },
      { proc: otherProcess([proof.stored.proc]) },
    );
    finish(op, result, { orderId: order.id, amount, attachment: proof.stored.id, uploadedThrough: proof.stored.proc });
    if (result.outcome === 'ok') {
      expectations.push({ type: 'refundRequested', op: op.n, orderId: order.id, amount });
      pending.refunds.push({ orderId: order.id, amount, shopper: shopper.index });
    }
  },

  async refundDecide() {
    const { op, item, agree, result } = await operatorDecides('refund', 6);
    if (result.outcome === 'ok') {
      expectations.push({ type: 'refundDecision', op: op.n, orderId: item.orderId, agree, amount: item.amount });
      decided.refunds.push({ id: item.orderId, agree });
    }
  },

  async evidenceTopUp(shopper) {
    const op = newOp('evidenceTopUp', shopper);
    const proof = await upload(op, shopper);
    if (!proof.stored) {
      finish(op, proof.result, { step: 'upload' });
      return;
    }
    const method = pick(['onChain', 'bank', 'manual']);
    const channel = channels[method];
    const amount = randomInt(5_000, 50_001);
    const id = requestId();
    const address = method === 'onChain' ? TRC20_ADDRESS : method === 'bank' ? 'Scale Bank 0001' : 'Receipt 42';
    const result = await send(
      op,
      'POST',
      '/api/user/recharge',
      {
        ...as(shopper),
        body: {
          method,
          network: channel.id,
          address,
          amount,
          evidence: proof.stored.id,
          acceptNotes: true,
          requestId: id,
        },
      },
      { proc: otherProcess([proof.stored.proc]) },
    );
    const record = result.outcome === 'ok' ? result.json.data.record : null;
    finish(op, result, {
      method,
      amount,
      requestId: id,
      evidence: proof.stored.id,
      uploadedThrough: proof.stored.proc,
      rechargeId: record?.id,
    });
    if (record) {
      expectRecord('recharge', op, shopper, record, { amount, requestId: id, evidence: proof.stored.id, card: false });
      pending.recharges.push({ id: record.id, amount });
    }
  },

  async rechargeDecide() {
    const { op, item, agree, result } = await operatorDecides('recharge', 7);
    if (result.outcome === 'ok') {
      if (result.json.data.status !== (agree ? 1 : 2)) {
        violations.push(`op ${op.n}: decision on recharge ${item.id} answered status ${result.json.data.status}`);
      }
      expectations.push({ type: 'rechargeDecision', op: op.n, id: item.id, agree });
      decided.recharges.push({ id: item.id, agree });
    }
  },

  async doubleDecide() {
    const op = newOp('doubleDecide');
    const item = take(pending.recharges);
    const first = randomInt(PROCESSES);
    const second = otherProcess([first]);
    const decisions = [true, randomInt(2) === 0];
    const results = await Promise.all(
      [first, second].map((proc, k) =>
        send(
          op,
          'POST',
          '/api/admin/recharge/decide',
          { headers: admin, body: { id: item.id, agree: decisions[k], reason: decisions[k] ? '' : 'Second operator' } },
          { retry: false, proc },
        ),
      ),
    );
    const wins = results.map((r, k) => (r.outcome === 'ok' ? k : -1)).filter((k) => k >= 0);
    if (wins.length > 1) violations.push(`op ${op.n}: recharge ${item.id} decided twice by a double submit`);
    const decisive = wins.length > 0 ? results[wins[0]] : (results.find((r) => r.outcome === 'refused') ?? results[0]);
    finish(op, decisive, { rechargeId: item.id, decisions, answers: results.map((r) => r.outcome) });
    if (wins.length === 1) {
      expectations.push({ type: 'rechargeDecision', op: op.n, id: item.id, agree: decisions[wins[0]] });
      decided.recharges.push({ id: item.id, agree: decisions[wins[0]] });
    }
  },

  async cardTopUp(shopper) {
    const op = newOp('cardTopUp', shopper);
    const card = pick([
      '4242424242424242',
      '4242424242424242',
      '5555555555554444',
      '5555555555554444',
      '4242424242424242',
      '5555555555554444',
      '4000000000000002',
    ]);
    const declines = card.startsWith('4000');
    const amount = randomInt(1_000, 30_001);
    const id = requestId();
    const result = await send(op, 'POST', '/api/user/recharge', {
      ...as(shopper),
      body: { method: 'card', amount, cardNumber: card, expiryMonth: 12, expiryYear: 2099, cvc: '123', requestId: id },
    });
    const record = result.outcome === 'ok' ? result.json.data.record : null;
    finish(op, result, { amount, requestId: id, card: card.slice(-4), rechargeId: record?.id });
    if (record) {
      if (declines) violations.push(`op ${op.n}: the declined test card was accepted`);
      expectRecord('recharge', op, shopper, record, { amount, requestId: id, card: true });
    } else if (result.outcome === 'refused' && op.retries === 0) {
      // Refused at the first try (a retry could follow an unanswered try that went through).
      expectations.push({ type: 'noRecharge', op: op.n, account: shopper.account, requestId: id });
    }
  },

  async withdraw(shopper) {
    const op = newOp('withdraw', shopper);
    const amount = randomInt(200, 10_001);
    const id = requestId();
    const onChain = randomInt(10) < 3;
    const body = onChain
      ? { drawType: 'onChain', drawAmount: amount, network: channels.onChain.id, address: TRC20_ADDRESS }
      : { drawType: 'bank', drawAmount: amount, bankCardNo: '4111111111111111', bankName: 'Scale Bank' };
    const result = await send(op, 'POST', '/api/user/extract', {
      ...as(shopper),
      body: { ...body, paymentCode: PAYMENT_CODE, requestId: id },
    });
    const record = result.outcome === 'ok' ? result.json.data.record : null;
    finish(op, result, { amount, requestId: id, withdrawalId: record?.id });
    if (record) {
      expectRecord('withdrawal', op, shopper, record, { amount, requestId: id });
      pending.withdrawals.push({ id: record.id, amount });
    } else if (result.outcome === 'refused' && op.retries === 0) {
      expectations.push({ type: 'noWithdrawal', op: op.n, account: shopper.account, requestId: id });
    }
  },

  async withdrawalDecide() {
    const { op, item, agree, result } = await operatorDecides('withdrawal', 5);
    if (result.outcome === 'ok') {
      expectations.push({ type: 'withdrawalDecision', op: op.n, id: item.id, agree });
      decided.withdrawals.push({ id: item.id, agree });
    }
  },

  async repeatDecide() {
    const op = newOp('repeatDecide');
    const kinds = ['recharges', 'withdrawals', 'refunds'].filter((k) => decided[k].length > 0);
    const kind = pick(kinds);
    const item = pick(decided[kind]);
    const agree = randomInt(2) === 0;
    const url =
      kind === 'recharges'
        ? '/api/admin/recharge/decide'
        : kind === 'withdrawals'
          ? '/api/admin/withdrawal/decide'
          : '/api/admin/refund/decide';
    const body =
      kind === 'refunds' ? { orderId: item.id, agree, reason: 'Again' } : { id: item.id, agree, reason: 'Again' };
    const result = await send(op, 'POST', url, { headers: admin, body });
    finish(op, result, { kind, id: item.id, agree });
    if (result.outcome === 'ok') violations.push(`op ${op.n}: a second decision on ${kind} ${item.id} was accepted`);
  },

  async vip(shopper) {
    const op = newOp('vip', shopper);
    const level = shopper.vip + 1;
    const id = requestId();
    const result = await send(op, 'POST', '/api/user/vipUpgrade', {
      ...as(shopper),
      body: { level, payPassword: PAYMENT_CODE, requestId: id },
    });
    const data = result.outcome === 'ok' ? result.json.data : null;
    finish(op, result, { level, requestId: id, purchaseId: data?.purchaseId });
    if (data) {
      shopper.vip = level;
      expectations.push({
        type: 'vip',
        op: op.n,
        id: data.purchaseId,
        account: shopper.account,
        level,
        price: data.priceCents,
      });
    } else if (result.outcome !== 'refused' || result.json?.msg?.includes('only upgrade')) {
      // Unknown (not acknowledged) or already higher: the client no longer knows the level; skip it.
      shopper.vip = Math.min(3, level);
    }
  },

  async fund(shopper) {
    const op = newOp('fund', shopper);
    const amount = randomInt(1_000, 100_001);
    const note = `scale fund ${op.n}`;
    const result = await send(
      op,
      'POST',
      '/api/admin/balance/adjust',
      { headers: admin, body: { account: shopper.account, amount, reason: note } },
      { retry: false },
    );
    finish(op, result, { amount, note });
    if (result.outcome === 'ok')
      expectations.push({ type: 'adjust', op: op.n, account: shopper.account, amount, note });
  },
};

/** [operation, weight, needs a shopper, eligibility] */
const MIX = [
  ['createOrder', 14, (s) => s.waiting.length < 6],
  ['pay', 14, (s) => s.waiting.length > 0],
  ['doublePay', 2, (s) => s.waiting.length > 0],
  ['cancel', 4, (s) => s.waiting.length > 0],
  ['repeatPay', 2, null, () => paidOrders.length > 0],
  ['refundRequest', 6, (s) => s.paid.length > 0],
  ['refundDecide', 6, null, () => pending.refunds.length > 0],
  ['evidenceTopUp', 10, () => true],
  ['rechargeDecide', 8, null, () => pending.recharges.length > 0],
  ['doubleDecide', 2, null, () => pending.recharges.length > 0],
  ['cardTopUp', 10, () => true],
  ['withdraw', 8, () => true],
  ['withdrawalDecide', 7, null, () => pending.withdrawals.length > 0],
  ['repeatDecide', 3, null, () => Object.values(decided).some((list) => list.length > 0)],
  ['vip', 2, (s) => s.vip < 3],
  ['fund', 2, () => true],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);

/** A weighted random operation whose preconditions hold now, with its shopper (taken: in flight). */
const nextOperation = () => {
  for (let tries = 0; tries < 50; tries++) {
    let roll = randomInt(MIX_TOTAL);
    const [name, , forShopper, ready] = MIX.find(([, weight]) => (roll -= weight) < 0);
    if (forShopper) {
      const candidates = shoppers.filter((s) => s.inFlight < PER_SHOPPER_IN_FLIGHT && forShopper(s));
      if (candidates.length === 0) continue;
      return { name, shopper: pick(candidates) };
    }
    if (ready()) return { name, shopper: null };
  }
  return null;
};

/** Time with 0, 1, 2 or 3 processes answering during the operations (sampled every 100 ms). */
const upSamples = [0, 0, 0, 0];
const sampleAvailability = async () => {
  while (!stopKilling) {
    upSamples[procs.filter((proc) => proc.state === 'up').length]++;
    await sleep(100);
  }
};

const runOperations = async (deadline) => {
  let started = 0;
  let finished = 0;
  const worker = async () => {
    while (started < OPERATIONS && performance.now() < deadline) {
      const next = nextOperation();
      if (!next) {
        await sleep(20);
        continue;
      }
      started++;
      if (next.shopper) next.shopper.inFlight++;
      try {
        await ops[next.name](next.shopper);
      } catch (error) {
        violations.push(`client error in ${next.name}: ${error.stack ?? error}`);
      } finally {
        if (next.shopper) next.shopper.inFlight--;
      }
      if (++finished % 1000 === 0) {
        console.log(
          `  ${finished} operations done, ${(since() / 1000) | 0} s, kills ${kills.length}, connection failures ${requestStats.connectionFailures}, load ${loadavg()[0].toFixed(2)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return started;
};

// ---------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------
const checkUploads = async () => {
  const failures = [];
  let next = 0;
  const acknowledged = uploadsStored;
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      while (next < acknowledged.length) {
        const item = acknowledged[next++];
        const shopper = shoppers[item.shopper];
        const proc = (item.proc + 1 + randomInt(2)) % PROCESSES;
        const result = await request(proc, 'GET', `/api/upload/${item.id}`, as(shopper));
        if (result.kind !== 'answer' || result.status !== 200 || sha(result.bytes) !== item.sha) {
          failures.push(
            `${item.id} (stored through ${item.proc}, read through ${proc}): ${result.kind === 'answer' ? `HTTP ${result.status}${sha(result.bytes) !== item.sha ? ', other bytes' : ''}` : result.error}`,
          );
        }
      }
    }),
  );
  return { checked: acknowledged.length, failures };
};

const checkDatabase = async (url) => {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const q = async (text) => (await db.query(text)).rows;
    const users = await q(`SELECT id, account, balance::text, vip_level FROM users`);
    const ours = new Map(users.filter((u) => u.account.startsWith('scale_')).map((u) => [u.id, u]));
    const byAccount = new Map(users.map((u) => [u.account, u]));
    const ledger = await q(
      `SELECT id, user_id, amount_cents::text AS amount, balance_after_cents::text AS after, kind, reference, note FROM ledger_entries`,
    );
    for (const entry of ledger) {
      entry.amount = Number(entry.amount);
      entry.after = Number(entry.after);
    }
    const entriesOf = new Map();
    for (const entry of ledger) {
      if (entry.reference === null) continue;
      const key = `${entry.kind}|${entry.reference}`;
      if (!entriesOf.has(key)) entriesOf.set(key, []);
      entriesOf.get(key).push(entry);
    }
    const entries = (kind, reference) => entriesOf.get(`${kind}|${reference}`) ?? [];
    /** Whether a business row's ledger entries (`list`) are exactly `count`, each of `amount`. */
    const exactly = (list, count, amount) => list.length === count && list.every((e) => e.amount === amount);
    const orders = await q(
      `SELECT id, user_id, status, status_before_refund, total_cents::text AS total, paid_at IS NOT NULL AS paid FROM orders`,
    );
    const recharges = await q(
      `SELECT id, user_id, method, amount_cents::text AS amount, actual_arrival_cents::text AS arrival, status, request_id, evidence_id FROM recharges`,
    );
    const withdrawals = await q(
      `SELECT id, user_id, draw_amount_cents::text AS amount, status, request_id FROM withdrawals`,
    );
    const refunds = await q(`SELECT order_id, user_id, refund_amount_cents::text AS amount, state FROM refunds`);
    const vips = await q(`SELECT id, user_id, level, price_cents::text AS price, request_id FROM vip_purchases`);
    const audits = await q(
      `SELECT target_type, target_id, count(*)::int AS n FROM operator_audit WHERE target_type IN ('recharge', 'withdrawal') GROUP BY 1, 2`,
    );
    const auditCount = new Map(audits.map((a) => [`${a.target_type}|${a.target_id}`, a.n]));
    /** An operator's decision on a top-up or withdrawal is audited once: none while it waits (status 0), one after. */
    const auditFailures = (type, row, fail) => {
      const audited = auditCount.get(`${type}|${row.id}`) ?? 0;
      if (audited !== (row.status === 0 ? 0 : 1)) {
        fail(`${type} ${row.id}: status ${row.status}, ${audited} operator decisions audited`);
      }
    };
    const byId = (rows, key = 'id') => new Map(rows.map((row) => [row[key], row]));
    const orderById = byId(orders);
    const rechargeById = byId(recharges);
    const withdrawalById = byId(withdrawals);
    const refundByOrder = byId(refunds, 'order_id');
    const vipById = byId(vips);

    const invariants = [];
    const check = (name, failures, checked) =>
      invariants.push({
        name,
        ok: failures.length === 0,
        checked,
        failures: failures.length,
        examples: failures.slice(0, 5),
      });

    // Balances and the ledger.
    const sums = new Map();
    for (const entry of ledger) sums.set(entry.user_id, (sums.get(entry.user_id) ?? 0) + entry.amount);
    check(
      'every balance equals the sum of its ledger entries',
      users
        .filter((u) => Number(u.balance) !== (sums.get(u.id) ?? 0))
        .map((u) => `${u.account}: balance ${u.balance}, ledger ${sums.get(u.id) ?? 0}`),
      users.length,
    );
    check(
      'no balance and no balance-after negative',
      [
        ...users.filter((u) => Number(u.balance) < 0).map((u) => `${u.account}: ${u.balance}`),
        ...ledger.filter((e) => e.after < 0).map((e) => `entry ${e.id}: after ${e.after}`),
      ],
      users.length + ledger.length,
    );
    check(
      'no ledger reference applied twice (same kind and reference)',
      [...entriesOf.entries()].filter(([, list]) => list.length > 1).map(([key, list]) => `${key} × ${list.length}`),
      entriesOf.size,
    );

    // Every business row of the bench's shoppers against its ledger entries.
    /**
     * Checks each row of `rows` that belongs to one of the bench's shoppers: `inspect(row, fail)` calls `fail`
     * with each thing wrong with it; the report counts `checked` rows (by default all of them).
     */
    const checkEach = (name, rows, inspect, checked = rows.length) => {
      const failures = [];
      for (const row of rows.filter((r) => ours.has(r.user_id))) inspect(row, (text) => failures.push(text));
      check(name, failures, checked);
    };
    checkEach('orders: paid ⇔ charged exactly once with the order total', orders, (order, fail) => {
      const total = Number(order.total);
      const payments = entries('payment', `order:${order.id}`);
      const shouldBePaid = ![0, -1].includes(order.status);
      if (order.paid !== shouldBePaid) fail(`order ${order.id}: status ${order.status}, paid_at ${order.paid}`);
      const expected = order.paid && total > 0 ? 1 : 0;
      if (payments.length !== expected) fail(`order ${order.id}: ${payments.length} payment entries`);
      if (payments.some((p) => p.amount !== -total || p.user_id !== order.user_id)) {
        fail(`order ${order.id}: payment entry of ${payments.map((p) => p.amount)} for total ${total}`);
      }
    });

    checkEach(
      'refunds: agreed ⇔ one refund entry of the refund amount; order states match',
      orders,
      (order, fail) => {
        const refund = refundByOrder.get(order.id);
        const back = entries('refund', `order:${order.id}`);
        if (!refund) {
          if (back.length > 0 || [-2, -3, -4].includes(order.status)) {
            fail(`order ${order.id}: status ${order.status}, ${back.length} refund entries, no request`);
          }
          return;
        }
        const amount = Number(refund.amount);
        if (!exactly(back, refund.state === 'agreed' && amount > 0 ? 1 : 0, amount)) {
          fail(`order ${order.id}: refund ${refund.state} of ${amount}, entries ${back.map((e) => e.amount)}`);
        }
        const statusOk =
          refund.state === 'agreed'
            ? order.status === -2
            : refund.state === 'pending'
              ? [-3, -4].includes(order.status)
              : ![-2, -3, -4].includes(order.status);
        if (!statusOk) fail(`order ${order.id}: refund ${refund.state}, order status ${order.status}`);
      },
      refunds.length,
    );

    checkEach(
      'top-ups: approved or card ⇔ one top-up entry; each decision audited once',
      recharges,
      (recharge, fail) => {
        const credits = entries('topup', `recharge:${recharge.id}`);
        if (!exactly(credits, recharge.status === 1 ? 1 : 0, Number(recharge.arrival))) {
          fail(`recharge ${recharge.id}: status ${recharge.status}, credits ${credits.map((e) => e.amount)}`);
        }
        // A card top-up is settled at once, without an operator.
        if (recharge.method !== 'card') auditFailures('recharge', recharge, fail);
        else if (recharge.status !== 1) fail(`card recharge ${recharge.id}: status ${recharge.status}`);
      },
    );

    checkEach(
      'withdrawals: one hold each; refused ⇔ one return; each decision audited once',
      withdrawals,
      (withdrawal, fail) => {
        const amount = Number(withdrawal.amount);
        const holds = entries('withdrawal', `withdrawal:${withdrawal.id}`);
        const returns = entries('withdrawalRefund', `withdrawal:${withdrawal.id}`);
        if (!exactly(holds, 1, -amount)) {
          fail(`withdrawal ${withdrawal.id}: holds ${holds.map((e) => e.amount)} for ${amount}`);
        }
        if (!exactly(returns, withdrawal.status === 2 ? 1 : 0, amount)) {
          fail(`withdrawal ${withdrawal.id}: status ${withdrawal.status}, returns ${returns.map((e) => e.amount)}`);
        }
        auditFailures('withdrawal', withdrawal, fail);
      },
    );

    const vipFailures = [];
    const highest = new Map();
    for (const purchase of vips.filter((v) => ours.has(v.user_id))) {
      const charges = entries('vip', `vip:${purchase.id}`);
      if (!exactly(charges, 1, -Number(purchase.price))) {
        vipFailures.push(`vip purchase ${purchase.id}: charges ${charges.map((e) => e.amount)} for ${purchase.price}`);
      }
      highest.set(purchase.user_id, Math.max(highest.get(purchase.user_id) ?? 0, purchase.level));
    }
    for (const user of ours.values()) {
      if ((highest.get(user.id) ?? 0) !== user.vip_level)
        vipFailures.push(`${user.account}: level ${user.vip_level}, bought ${highest.get(user.id) ?? 0}`);
    }
    check('VIP: one charge per purchase; the level is the highest bought', vipFailures, vips.length);

    // Entries that point at nothing (a charge or credit without its business row).
    const orphanFailures = [];
    for (const entry of ledger.filter((e) => ours.has(e.user_id) && e.reference !== null)) {
      const [kind, id] = entry.reference.split(':');
      const target =
        kind === 'order'
          ? orderById.get(Number(id))
          : kind === 'recharge'
            ? rechargeById.get(Number(id))
            : kind === 'withdrawal'
              ? withdrawalById.get(Number(id))
              : kind === 'vip'
                ? vipById.get(Number(id))
                : undefined;
      if (!target || target.user_id !== entry.user_id)
        orphanFailures.push(`entry ${entry.id} ${entry.kind} ${entry.reference}`);
    }
    check('no ledger entry without its business row', orphanFailures, ledger.length);

    // The journal: every acknowledged operation's effect.
    const notes = new Map();
    for (const entry of ledger.filter((e) => e.kind === 'adjustment')) {
      notes.set(entry.note, [...(notes.get(entry.note) ?? []), entry]);
    }
    const recharged = new Map(recharges.filter((r) => r.request_id).map((r) => [`${r.user_id}|${r.request_id}`, r]));
    const withdrawn = new Map(withdrawals.filter((w) => w.request_id).map((w) => [`${w.user_id}|${w.request_id}`, w]));
    /** Whether a top-up or withdrawal `row` is what the shopper's acknowledged request `e` asked for. */
    const isRequested = (row, e, user) =>
      row !== undefined &&
      row.user_id === user?.id &&
      Number(row.amount) === e.amount &&
      row.request_id === e.requestId;
    const journalFailures = [];
    const fail = (e, text) => journalFailures.push(`op ${e.op} ${e.type}: ${text}`);
    /** An operator's acknowledged decision `e` on a top-up or withdrawal `row`: its status, and the entries it made. */
    const decisionFailures = (e, row, made, expected, what) => {
      if (row?.status !== (e.agree ? 1 : 2)) fail(e, `status ${row?.status}`);
      if (made.length !== expected) fail(e, `${what} count wrong`);
    };
    for (const e of expectations) {
      const user = e.account ? byAccount.get(e.account) : undefined;
      switch (e.type) {
        case 'adjust': {
          const found = notes.get(e.note) ?? [];
          if (found.length !== 1 || found[0].amount !== e.amount || found[0].user_id !== user?.id) {
            fail(e, `${found.length} entries`);
          }
          break;
        }
        case 'orderCreated': {
          const order = orderById.get(e.id);
          if (!order || order.user_id !== user?.id || Number(order.total) !== e.total)
            fail(e, 'order missing or different');
          break;
        }
        case 'paid': {
          const order = orderById.get(e.id);
          if (!order?.paid || [0, -1].includes(order.status)) fail(e, `order status ${order?.status}`);
          else if (entries('payment', `order:${e.id}`).length !== 1) fail(e, 'not charged exactly once');
          break;
        }
        case 'cancelled': {
          const order = orderById.get(e.id);
          if (order?.status !== -1 || order.paid) fail(e, `order status ${order?.status}`);
          if (entries('payment', `order:${e.id}`).length !== 0) fail(e, 'cancelled order charged');
          break;
        }
        case 'refundRequested': {
          const refund = refundByOrder.get(e.orderId);
          if (!refund || Number(refund.amount) !== e.amount) fail(e, 'refund request missing or different');
          break;
        }
        case 'refundDecision': {
          const refund = refundByOrder.get(e.orderId);
          if (refund?.state !== (e.agree ? 'agreed' : 'refused')) fail(e, `refund state ${refund?.state}`);
          const back = entries('refund', `order:${e.orderId}`);
          if (back.length !== (e.agree && e.amount > 0 ? 1 : 0)) fail(e, `${back.length} refund entries`);
          break;
        }
        case 'recharge': {
          const recharge = rechargeById.get(e.id);
          if (!isRequested(recharge, e, user) || (!e.card && recharge.evidence_id !== e.evidence)) {
            fail(e, 'top-up missing or different');
          } else if (e.card && entries('topup', `recharge:${e.id}`).length !== 1)
            fail(e, 'card top-up not credited once');
          break;
        }
        case 'noRecharge':
          if (recharged.has(`${user?.id}|${e.requestId}`)) fail(e, 'refused card top-up was recorded');
          break;
        case 'rechargeDecision':
          decisionFailures(e, rechargeById.get(e.id), entries('topup', `recharge:${e.id}`), e.agree ? 1 : 0, 'credit');
          break;
        case 'withdrawal': {
          const withdrawal = withdrawalById.get(e.id);
          if (!isRequested(withdrawal, e, user)) {
            fail(e, 'withdrawal missing or different');
          } else if (entries('withdrawal', `withdrawal:${e.id}`).length !== 1) fail(e, 'not held exactly once');
          break;
        }
        case 'noWithdrawal':
          if (withdrawn.has(`${user?.id}|${e.requestId}`)) fail(e, 'refused withdrawal was recorded');
          break;
        case 'withdrawalDecision': {
          const returns = entries('withdrawalRefund', `withdrawal:${e.id}`);
          decisionFailures(e, withdrawalById.get(e.id), returns, e.agree ? 0 : 1, 'return');
          break;
        }
        case 'vip': {
          const purchase = vipById.get(e.id);
          if (!purchase || purchase.user_id !== user?.id || purchase.level !== e.level)
            fail(e, 'purchase missing or different');
          else if (entries('vip', `vip:${e.id}`).length !== 1) fail(e, 'not charged exactly once');
          break;
        }
        default:
          fail(e, 'unknown expectation');
      }
    }
    check('every acknowledged operation is present with its effect', journalFailures, expectations.length);
    return invariants;
  } finally {
    await db.end();
  }
};

// ---------------------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------------------
const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]);
};

let exitCode = 1;
const report = {
  measuredAt: new Date().toISOString(),
  target: OPERATIONS,
  shoppers: SHOPPERS,
  concurrency: CONCURRENCY,
};
try {
  // PostgreSQL, Redis, S3.
  pgAdmin = new Client({ connectionString: PG_ADMIN_URL });
  await pgAdmin.connect();
  await pgAdmin.query(`CREATE DATABASE ${DB_NAME}`);
  databaseCreated = true;
  const databaseUrl = new URL(PG_ADMIN_URL);
  databaseUrl.pathname = `/${DB_NAME}`;
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  try {
    await probe.connect();
    await probe.ping();
  } finally {
    probe.disconnect();
  }
  const s3Dir = path.join(workDir, 's3');
  mkdirSync(s3Dir);
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const s3Port = (await s3server.run()).port;
  const deployDir = path.join(workDir, 'deploy');
  mkdirSync(deployDir);

  processEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    REDIS_PREFIX,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_KEYS.id,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secret,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: '1',
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    ALTCHA_MAX_NUMBER: '20',
    ALTCHA_TOKEN_USES: '1000',
    ADMIN_TOKEN,
    // The shared automation token is off with DATABASE_URL unless asked for (docs/decisions/0002-operator-accounts.md).
    ADMIN_TOKEN_AUTOMATION: '1',
    CARD_SANDBOX: '1',
    SEED_DEMO: '1',
    AUTH_RATE_LIMIT_MAX: '100000',
    WALLET_RATE_LIMIT_MAX: '1000000',
    UPLOAD_QUOTA_FILES: '1000000',
    UPLOAD_QUOTA_MB: '100000',
    DEPLOY_DIR: deployDir,
    LOG_LEVEL: 'warn',
  };
  delete processEnv.SMTP_URL;
  delete processEnv.SERVER_CPU_PROF_DIR;
  delete processEnv.TRUST_PROXY;
  for (let index = 0; index < PROCESSES; index++) {
    const logFile = path.join(workDir, `api-${index}.log`);
    procs.push({
      index,
      port: await freePort(),
      dataDir: path.join(workDir, `data-${index}`),
      logFile,
      logFd: openSync(logFile, 'a'),
      child: null,
      state: 'down',
      stopping: false,
      killedAt: null,
      killRequested: false,
      starts: 0,
      unexpectedExits: 0,
    });
  }
  // All three at once: the migrations run under an advisory lock, so starting together must work.
  const startAt = performance.now();
  procs.forEach(startProcess);
  await waitAllUp();
  report.firstStartMs = Math.round(performance.now() - startAt);
  console.log(
    `bench-scale: 3 API processes up in ${report.firstStartMs} ms (ports ${procs.map((p) => p.port).join(', ')}), S3 on ${s3Port}, database ${DB_NAME}`,
  );

  await setup();
  console.log(
    `bench-scale: ${SHOPPERS} shoppers, ${products.length} products; ${OPERATIONS} operations, ${CONCURRENCY} in flight, one process killed every 3-5 s`,
  );

  const opsStarted = performance.now();
  const killing = Promise.all([killer(), sampleAvailability()]);
  const opsDeadline = runStarted + TOTAL_TIMEOUT_MS - RESERVE_FOR_CHECKS_MS;
  const attempted = await runOperations(opsDeadline);
  const opsSeconds = (performance.now() - opsStarted) / 1000;
  stopKilling = true;
  await killing;
  await waitAllUp();

  // Afterwards: every process answers ready, uploads through other processes, the database.
  const ready = [];
  for (const proc of procs) {
    const result = await request(proc.index, 'GET', '/api/ready');
    ready.push(result.kind === 'answer' && result.status === 200);
  }
  const ledgerCheck = await request(0, 'GET', '/api/admin/ledger/check', { headers: admin });
  const uploads = await checkUploads();
  const invariants = await checkDatabase(databaseUrl.toString());
  invariants.unshift({
    name: 'all 3 processes ready after the run (/api/ready)',
    ok: ready.every(Boolean),
    checked: 3,
    failures: ready.filter((r) => !r).length,
    examples: [],
  });
  invariants.push({
    name: 'operator ledger check (/api/admin/ledger/check) ok',
    ok: ledgerCheck.json?.data?.ok === true,
    checked: 1,
    failures: ledgerCheck.json?.data?.ok === true ? 0 : 1,
    examples:
      ledgerCheck.json?.data?.mismatches?.slice(0, 5) ??
      (ledgerCheck.kind === 'answer'
        ? [{ status: ledgerCheck.status, answer: ledgerCheck.json }]
        : [ledgerCheck.error]),
  });
  invariants.push({
    name: 'repeats refused, double submits applied at most once, answers as asked',
    ok: violations.length === 0,
    checked: journal.filter((o) => /^(repeat|double)/.test(o.op)).length,
    failures: violations.length,
    examples: violations.slice(0, 5),
  });
  invariants.push({
    name: 'no 5xx or "system is busy" answer (connection failures aside)',
    ok: requestStats.serverErrors.length === 0,
    checked: requestStats.answered,
    failures: requestStats.serverErrors.length,
    examples: requestStats.serverErrors.slice(0, 5),
  });
  invariants.push({
    name: 'no operator call with the right credential refused (429)',
    ok: requestStats.operatorRefused.length === 0,
    checked: journal.reduce((sum, op) => sum + op.requests.filter((r) => r.url.startsWith('/api/admin/')).length, 0),
    failures: requestStats.operatorRefused.length,
    examples: requestStats.operatorRefused.slice(0, 3),
  });
  invariants.push({
    name: 'uploads readable through another process, byte-identical',
    ok: uploads.failures.length === 0,
    checked: uploads.checked,
    failures: uploads.failures.length,
    examples: uploads.failures.slice(0, 5),
  });
  invariants.push({
    name: 'no API process died by itself',
    ok: procs.every((p) => p.unexpectedExits === 0),
    checked: 3,
    failures: procs.reduce((sum, p) => sum + p.unexpectedExits, 0),
    examples: [],
  });
  invariants.push({
    name: `all ${OPERATIONS} operations run within the time bound (${Math.round((opsDeadline - opsStarted) / 1000)} s left after the set-up)`,
    ok: attempted >= OPERATIONS,
    checked: attempted,
    failures: attempted >= OPERATIONS ? 0 : OPERATIONS - attempted,
    examples: [],
  });

  // Server log lines at error level (a 5xx is logged as "unhandled error").
  const errorLines = [];
  for (const proc of procs) {
    for (const line of readFileSync(proc.logFile, 'utf8').split('\n')) {
      if (/"level":(50|60)/.test(line)) errorLines.push(`process ${proc.index}: ${line.slice(0, 400)}`);
    }
  }

  const runOps = journal.filter((o) => !o.op.startsWith('setup'));
  const count = (test) => runOps.filter(test).length;
  const byOp = {};
  for (const op of runOps) {
    const row = (byOp[op.op] ??= { attempted: 0, ok: 0, refused: 0, notAcknowledged: 0, server: 0 });
    row.attempted++;
    if (op.outcome === 'ok') row.ok++;
    else if (op.outcome === 'refused') row.refused++;
    else if (op.outcome === 'server') row.server++;
    else row.notAcknowledged++;
  }
  const downTimes = restarts.map((r) => r.downMs);
  Object.assign(report, {
    operations: {
      attempted,
      acknowledged: count((o) => o.acknowledged),
      succeeded: count((o) => o.outcome === 'ok'),
      refusedByRule: count((o) => o.outcome === 'refused' && o.answer?.status !== 429),
      refusedTooManyRequests: count((o) => o.outcome === 'refused' && o.answer?.status === 429),
      serverErrors: count((o) => o.outcome === 'server'),
      notAcknowledged: count((o) => !o.acknowledged),
      retried: count((o) => o.retries > 0),
      perSecond: Math.round((attempted / opsSeconds) * 10) / 10,
    },
    requests: {
      sent: requestStats.sent,
      answered: requestStats.answered,
      connectionFailures: requestStats.connectionFailures,
      timeouts: requestStats.timeouts,
      serverErrors: requestStats.serverErrors.length,
      rateLimited: requestStats.rateLimited,
      operatorRefused: requestStats.operatorRefused.length,
      firstOperatorRefusalAt: requestStats.operatorRefused[0]?.at ?? null,
      p50: percentile(requestStats.latencies, 0.5),
      p99: percentile(requestStats.latencies, 0.99),
      byProcess: requestStats.byProcess,
    },
    kills: kills.length,
    /** Share of the operations phase with 3, 2, 1, 0 processes answering. */
    processesUp: Object.fromEntries(
      [3, 2, 1, 0].map((n) => [
        n,
        Math.round(
          (upSamples[n] /
            Math.max(
              1,
              upSamples.reduce((a, b) => a + b, 0),
            )) *
            1000,
        ) / 10,
      ]),
    ),
    restartMs: {
      mean: downTimes.length ? Math.round(downTimes.reduce((a, b) => a + b, 0) / downTimes.length) : null,
      max: downTimes.length ? Math.max(...downTimes) : null,
    },
    durationS: Math.round(opsSeconds),
    totalS: Math.round(since() / 1000),
    uploadsChecked: uploads.checked,
    expectationsChecked: expectations.length,
    byOp,
    refusals: Object.fromEntries([...refusalMessages.entries()].sort((a, b) => b[1] - a[1])),
    invariants,
    invariant: invariants.every((i) => i.ok)
      ? 'holds'
      : `BROKEN: ${invariants
          .filter((i) => !i.ok)
          .map((i) => i.name)
          .join('; ')}`,
    serverErrorDetails: requestStats.serverErrors.slice(0, 20),
    serverLogErrors: { count: errorLines.length, examples: errorLines.slice(0, 10) },
    load: loadavg()[0].toFixed(2),
  });
  exitCode = invariants.every((i) => i.ok) ? 0 : 1;
} catch (error) {
  console.error(`bench-scale: ${error.stack ?? error}`);
  report.error = String(error.message ?? error);
  report.invariant = `NOT RUN: ${report.error.split('\n')[0]}`;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------
const o = report.operations;
const lines = [
  `# Scale test (${report.measuredAt})`,
  '',
  `3 API processes on one PostgreSQL database, Redis and an S3-compatible store (s3rver); ${SHOPPERS} shoppers and an operator, ${OPERATIONS} random money operations, ${CONCURRENCY} in flight, spread over the processes; one process killed with SIGKILL every 3-5 s (one that answers, while another answers too) and started again on its port at once. An operation is acknowledged when the API answered it; connection failures (a killed process) are not, and operations safe to repeat are sent again to another process (up to ${MAX_TRIES} tries).`,
  '',
];
if (o) {
  lines.push(
    '| Figure | Value |',
    '| --- | ---: |',
    `| operations attempted | ${o.attempted} |`,
    `| acknowledged (answered) | ${o.acknowledged} |`,
    `| succeeded | ${o.succeeded} |`,
    `| refused by rule | ${o.refusedByRule} |`,
    `| refused with 429 "Too many requests" | ${o.refusedTooManyRequests} |`,
    `| not acknowledged (connection failure on every try) | ${o.notAcknowledged} |`,
    `| operations retried on another process | ${o.retried} |`,
    `| requests sent / answered | ${report.requests.sent} / ${report.requests.answered} |`,
    `| connection failures (requests to a killed process) | ${report.requests.connectionFailures} |`,
    `| request timeouts | ${report.requests.timeouts} |`,
    `| 5xx or "system is busy" answers | ${report.requests.serverErrors} |`,
    `| 429 answers (of them to the operator's right credential) | ${report.requests.rateLimited} (${report.requests.operatorRefused}) |`,
    `| processes killed (SIGKILL) | ${report.kills} |`,
    `| down time per kill (kill → answering again), mean / max | ${report.restartMs.mean} / ${report.restartMs.max} ms |`,
    `| time with 3 / 2 / 1 / 0 processes answering | ${[3, 2, 1, 0].map((n) => `${report.processesUp[n]} %`).join(' / ')} |`,
    `| operations phase | ${report.durationS} s (${o.perSecond} operations/s) |`,
    `| request latency p50 / p99 (answered) | ${report.requests.p50} / ${report.requests.p99} ms |`,
    `| acknowledged effects checked in the database | ${report.expectationsChecked} |`,
    `| uploads read back through another process | ${report.uploadsChecked} |`,
    `| server log lines at error level | ${report.serverLogErrors.count} |`,
    `| whole run | ${report.totalS} s |`,
    '',
    '| Operation | attempted | ok | refused (a rule or 429) | not acknowledged | 5xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...Object.entries(report.byOp)
      .sort((a, b) => b[1].attempted - a[1].attempted)
      .map(([name, r]) => `| ${name} | ${r.attempted} | ${r.ok} | ${r.refused} | ${r.notAcknowledged} | ${r.server} |`),
    '',
    '| Invariant | checked | result |',
    '| --- | ---: | --- |',
    ...report.invariants.map(
      (i) =>
        `| ${i.name} | ${i.checked} | ${i.ok ? 'holds' : `BROKEN (${i.failures}): ${JSON.stringify(i.examples).slice(0, 300)}`} |`,
    ),
    '',
    'Most frequent refusals:',
    '',
    ...Object.entries(report.refusals)
      .slice(0, 12)
      .map(([message, n]) => `- ${n} × ${message}`),
  );
} else {
  lines.push(`Not measured: ${report.error}`);
}
const table = lines.join('\n');
console.log(table);
mkdirSync(benchDir, { recursive: true });
writeFileSync(path.join(benchDir, 'bench-scale.md'), `${table}\n`);
writeFileSync(path.join(benchDir, 'bench-scale.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(
  path.join(benchDir, 'bench-scale-journal.ndjson'),
  journal.map((op) => JSON.stringify(op)).join('\n') + '\n',
);
console.log(`written to var/bench/bench-scale.md, bench-scale.json and bench-scale-journal.ndjson`);
process.exit(exitCode);
