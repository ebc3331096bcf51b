// What the API benches share: the watchdog, a checked call, the human check, signed-up shoppers, a server with
// an operator, the written report, and a run
// on a PostgreSQL database of its own. A bench passes its own caller, `call(method, url, { body, headers })`
// resolving to the parsed envelope, so each keeps its transport (fetch, raw http, a chosen process).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, startServer } from './app-server.mjs';

const require = createRequire(path.join(root, 'server/package.json'));
const { Client } = require('pg');
const altcha = await import(pathToFileURL(path.join(root, 'node_modules/altcha-lib/dist/esm/v2/index.js')).href);
const { deriveKey } = await import(
  pathToFileURL(path.join(root, 'node_modules/altcha-lib/dist/esm/v2/algorithms/sha.js')).href
);

/** A mix of searches the filter and search screens send (the same few for every shopper: shared answers). */
export const CATALOGUE_SEARCHES = [
  '/api/catalogue/products?keyword=tea&sort=sales&page=1&pageSize=20',
  '/api/catalogue/products?category=computer&minPrice=10000&maxPrice=90000&sort=priceAsc&page=1&pageSize=20',
  '/api/catalogue/products?keyword=shirt&sort=priceDesc&page=2&pageSize=20',
  '/api/catalogue/products?sort=newest&page=3&pageSize=20',
  '/api/catalogue/products?category=toys&sort=sales&page=1&pageSize=20',
];

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Ends the process (exit 1) when the bench has run `ms`, saying so as `name`. */
export const giveUpAfter = (name, ms) => {
  const watchdog = setTimeout(() => {
    console.error(`${name}: gave up after ${ms / 60_000} minutes`);
    process.exit(1);
  }, ms);
  watchdog.unref();
  return watchdog;
};

/** The envelope's data, or an error naming `what` with the server's message. */
export const must = async (promise, what) => {
  const reply = await promise;
  if (reply.code !== 1) throw new Error(`${what}: ${reply.msg}`);
  return reply.data;
};

/** A verification token: a real ALTCHA challenge from the server, solved and redeemed. */
export const humanToken = async (call) => {
  const challenge = await must(call('GET', '/api/verification/challenge'), 'challenge');
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return (await must(call('POST', '/api/verification/verify', { body: { payload } }), 'verify')).verificationToken;
};

/**
 * Registers `account`, signs it in and sets its payment code, as the app does; the signed-in headers.
 * `human`: the verification headers; `callFor(step)`: the caller for each of the three steps.
 */
export const signUpShopper = async ({ account, password, paymentCode, human, callFor }) => {
  const body = { account, password, confirmPassword: password };
  await must(callFor(0)('POST', '/api/user/register', { headers: human, body }), `register ${account}`);
  const login = await must(
    callFor(1)('POST', '/api/user/login', { headers: human, body: { account, password } }),
    `login ${account}`,
  );
  const headers = { token: login.userinfo.token };
  await must(
    callFor(2)('POST', '/api/user/resetPay', { headers, body: { paymentCode, confirmPaymentCode: paymentCode } }),
    `resetPay ${account}`,
  );
  return headers;
};

/**
 * Prints the bench's markdown `table` and writes it to var/bench/<name>.md; given `figures`, also
 * var/bench/<name>.json, which the combined table (bench-summary.mjs) reads.
 */
export const writeReport = (name, table, figures) => {
  console.log(table);
  const dir = path.join(root, 'var/bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.md`), `${table}\n`);
  if (figures !== undefined) writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
};

/**
 * The app's server for a bench of shoppers and an operator: `adminToken` is the operator's credential (allowed
 * to automate), the human check is cheap and reusable and sign-in limits are out of the way; `env` adds to it.
 */
export const benchServer = (adminToken, env) =>
  startServer({
    env: {
      ADMIN_TOKEN: adminToken,
      ADMIN_TOKEN_AUTOMATION: '1',
      ALTCHA_MAX_NUMBER: '20',
      ALTCHA_TOKEN_USES: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    },
  });

/**
 * `count` shoppers `<prefix>0`, `<prefix>1`, … signed up through `call` after one human check, each with
 * `paymentCode`: their accounts and signed-in headers.
 */
export const signUpShoppers = async (call, { prefix, count, paymentCode }) => {
  const human = { 'human-verification': await humanToken(call) };
  const shoppers = [];
  for (let i = 0; i < count; i++) {
    const account = `${prefix}${i}`;
    const headers = await signUpShopper({ account, password: 'bench123', paymentCode, human, callFor: () => call });
    shoppers.push({ account, headers });
  }
  return shoppers;
};

/**
 * `measure(url)` on a PostgreSQL database made for it (named `name`) and dropped afterwards: its result, or
 * `note` saying why PostgreSQL was not measured.
 */
export const onOwnPostgres = async (name, measure) => {
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return { result: await measure(url.toString()), note: '' };
  } catch (error) {
    return { result: undefined, note: `PostgreSQL not measured: ${error.message}` };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  }
};

/**
 * `clients` workers drain `jobs`, each sent by `send` (an answer with code 1 counts as `okKey`, another code as
 * `refused`, a throw as `errors`): how long it took in seconds, the 99th percentile latency in ms, the counts.
 */
export const drainJobs = async (jobs, clients, send, okKey = 'ok') => {
  const latencies = [];
  const outcomes = { [okKey]: 0, refused: 0, errors: 0 };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const t0 = performance.now();
        try {
          const reply = await send(job);
          outcomes[reply.code === 1 ? okKey : 'refused']++;
        } catch {
          outcomes.errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))];
  return { seconds, p99, outcomes };
};
