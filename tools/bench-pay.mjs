// Payment throughput: POST /api/order/pay requests/s and p99 on PGlite and on PostgreSQL, with the
// money invariant checked afterwards (balance == sum of ledger entries for every shopper, every order
// charged once). 10 shoppers; for each number of parallel clients in CLIENTS, ORDERS new waiting orders
// paid by that many clients, plus one repeated pay per 4 orders (must be refused: "already paid"). Every
// pay verifies the payment code with argon2id (OWASP parameters), which dominates the cost by design.
// Right before each run, argon2id verification alone is measured at the server's parameters
// (server/src/lib/secrets.ts) in a child process, one verify per core at once: that rate is the ceiling
// pay is compared with (the machine is shared, so ceiling and pay are measured under the same load).
//
// Why several client counts: closed-loop clients keep exactly that many pays in flight, so by Little's law
// the mean latency is clients / rate. With 20 clients and a ceiling near 100-200 verifies/s on 2 cores,
// every pay waits behind ~18 others for argon2 (p99 of several hundred ms at ANY server speed): that row
// shows saturation, not the server's latency. The target (>= 80 % of the ceiling at p99 <= 150 ms) is the
// highest rate reached with p99 <= 150 ms; that row is the one keyed `pay-postgres` / `pay-pglite` in
// pay.json for the summary (when no client count meets the p99, the fastest row is kept, and fails it).
// 127.0.0.1 only; the PostgreSQL database is created and dropped here. Writes var/bench/pay.md and, for
// the combined table, var/bench/pay.json (`{ argon2: { verifyMs, params, limitPerS }, rows: [...] }`).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { root } from './app-server.mjs';
import { benchServer, drainJobs, giveUpAfter, must, onOwnPostgres, signUpShoppers, writeReport } from './bench-lib.mjs';

const SHOPPERS = 10;
const ORDERS = Number(process.env.BENCH_PAY_ORDERS ?? 300);
const CORES_AT_START = availableParallelism();
/**
 * Parallel clients per run: one, two and four per core, and 20 (saturation: queueing by construction).
 * With one client per core each pay waits for nothing, so the rate is clients / latency, well under
 * the ceiling; more clients overlap one pay's database work with another's argon2 check.
 */
const CLIENTS = (process.env.BENCH_PAY_CLIENTS ?? `${CORES_AT_START},${CORES_AT_START * 2},${CORES_AT_START * 4},20`)
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** The latency the target asks for; the headline row is the fastest run within it. */
const P99_TARGET_MS = 150;
const ADMIN_TOKEN = 'bench-pay-operator';
const PAYMENT_CODE = '123456';
const FUNDS = 10_000_000;
const TOTAL_TIMEOUT_MS = 8 * 60_000;

giveUpAfter('bench-pay', TOTAL_TIMEOUT_MS);

/** The argon2 options the server uses, read from its source so the ceiling is measured at the same cost. */
const ARGON2_PARAMS = (() => {
  const source = readFileSync(path.join(root, 'server/src/lib/secrets.ts'), 'utf8');
  const read = (name) => {
    const match = source.match(new RegExp(`${name}:\\s*([\\d_]+)`));
    if (!match) throw new Error(`bench-pay: ${name} not found in server/src/lib/secrets.ts`);
    return Number(match[1].replaceAll('_', ''));
  };
  return { memoryCost: read('memoryCost'), timeCost: read('timeCost'), parallelism: read('parallelism') };
})();
const CORES = CORES_AT_START;

/** Median time of one verify (one thread, nothing else of ours running) and the rate with one verify per core at once. */
const argon2Ceiling = () =>
  new Promise((resolve, reject) => {
    const code = `
      const { hash, verify, verifySync } = require('@node-rs/argon2');
      const options = { algorithm: 2, ...${JSON.stringify(ARGON2_PARAMS)} };
      (async () => {
        const hashed = await hash('123456', options);
        const times = [];
        for (let i = 0; i < 25; i++) {
          const t0 = performance.now();
          verifySync(hashed, '123456');
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        let done = 0;
        const started = performance.now();
        await Promise.all(Array.from({ length: ${CORES} }, async () => {
          while (performance.now() - started < 3000) { await verify(hashed, '123456'); done++; }
        }));
        console.log(JSON.stringify({ verifyMs: times[12], limitPerS: done / ((performance.now() - started) / 1000) }));
      })();`;
    const child = spawn(process.execPath, ['-e', code], {
      cwd: path.join(root, 'server'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) =>
      exitCode === 0 ? resolve(JSON.parse(out)) : reject(new Error(`argon2 probe exited ${exitCode}`)),
    );
  });

/**
 * One keep-alive connection per client, with node:http: the bench client runs on the same 2 cores as the
 * server, and fetch (undici) costs it ~2.5 ms of CPU per pay, a share of the machine the ceiling does
 * not pay; plain http.request costs a fraction of that. Same requests and headers as fetch sent.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const api = (base, method, url, { body, headers = {} } = {}) =>
  new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        // The headers fetch sends, so the server does the same work for each request as before.
        headers: {
          accept: '*/*',
          'accept-language': '*',
          'sec-fetch-mode': 'cors',
          'user-agent': 'node',
          'accept-encoding': 'gzip, deflate',
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const raw = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            const bytes = encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
            resolve(JSON.parse(bytes.toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

/** Shoppers with a payment code, funds and an address, and the in-stock products to order from. */
const prepare = async (base) => {
  const call = (method, url, options) => api(base, method, url, options);
  const shoppers = await signUpShoppers(call, { prefix: 'bench_payer_', count: SHOPPERS, paymentCode: PAYMENT_CODE });
  const admin = { 'admin-token': ADMIN_TOKEN };
  const products = (await must(api(base, 'GET', '/api/catalogue/products?sort=sales&pageSize=100'), 'products')).list;
  for (const shopper of shoppers) {
    const { account, headers } = shopper;
    await must(
      api(base, 'POST', '/api/admin/balance/adjust', {
        headers: admin,
        body: { account, amount: FUNDS, reason: 'bench funds' },
      }),
      'fund',
    );
    const address = await must(
      api(base, 'POST', '/api/user/address_add', {
        headers,
        body: {
          addressee: 'Bench',
          mobilePhone: '+1 555 010 0000',
          area: 'Bench City',
          detailedAddress: '1 Load St',
          tag: 'home',
        },
      }),
      'address',
    );
    Object.assign(shopper, { address: address.id, orders: [] });
  }
  // Products in stock, with a spec chosen for each; the local count keeps orders within the stock.
  const stocked = [];
  for (const product of products) {
    const detail = await must(api(base, 'GET', `/api/catalogue/product?id=${product.id}`), 'product');
    if (detail.stock > 0) {
      stocked.push({
        id: product.id,
        left: detail.stock,
        spec: Object.fromEntries(detail.specs.map((s) => [s.name, s.options[0]])),
      });
    }
  }
  return { shoppers, stocked };
};

/** ORDERS new waiting orders spread over the shoppers (each also kept on its shopper for the invariant). */
const createOrders = async (base, { shoppers, stocked }) => {
  const jobs = [];
  for (let n = 0; n < ORDERS; n++) {
    const shopper = shoppers[n % SHOPPERS];
    const product = stocked.filter((p) => p.left > 0)[n % stocked.length] ?? stocked.find((p) => p.left > 0);
    if (!product) throw new Error('the demo catalogue ran out of stock');
    product.left--;
    const created = await must(
      api(base, 'POST', '/api/order/create', {
        headers: shopper.headers,
        body: { buyNow: { productId: product.id, quantity: 1, spec: product.spec }, addressId: shopper.address },
      }),
      'create',
    );
    shopper.orders.push(created.orders[0]);
    jobs.push({ headers: shopper.headers, order: created.orders[0] });
  }
  return jobs;
};

/** `clients` workers drain the queue; latency per request. */
const load = async (base, jobs, clients) => {
  const { seconds, p99, outcomes } = await drainJobs(
    jobs,
    clients,
    (job) =>
      api(base, 'POST', '/api/order/pay', {
        headers: job.headers,
        body: { orderIds: [job.order.id], paymentCode: PAYMENT_CODE },
      }),
    'paid',
  );
  // paidPerS: the pays that went through, each of which needed one argon2 check; the repeats are refused
  // before the check (server: a pay of an order that no longer waits), so requests/s alone would flatter.
  return {
    rps: Math.round(jobs.length / seconds),
    paidPerS: Math.round((outcomes.paid / seconds) * 10) / 10,
    p99: Math.round(p99),
    ...outcomes,
  };
};

/** Ledger check from the operator API plus: balance = funds − sum of the orders that are paid, per shopper. */
const invariant = async (base, shoppers) => {
  const check = await must(
    api(base, 'GET', '/api/admin/ledger/check', { headers: { 'admin-token': ADMIN_TOKEN } }),
    'check',
  );
  let exact = true;
  for (const shopper of shoppers) {
    const info = await must(api(base, 'GET', '/api/user/getUserInfo', { headers: shopper.headers }), 'info');
    let spent = 0;
    let count = 0;
    for (let page = 1; ; page++) {
      const paid = await must(
        api(base, 'GET', `/api/user/order_list?status=1&pageSize=100&page=${page}`, { headers: shopper.headers }),
        'orders',
      );
      spent += paid.list.reduce((sum, order) => sum + order.total, 0);
      count += paid.list.length;
      if (paid.list.length === 0 || count >= paid.total) break;
    }
    if (count !== shopper.orders.length || info.balance !== FUNDS - spent) exact = false;
  }
  return check.ok && exact ? 'holds' : `BROKEN (${JSON.stringify(check.mismatches).slice(0, 200)})`;
};

const measure = async (name, key, env) => {
  const server = await benchServer(ADMIN_TOKEN, env);
  try {
    const setup = await prepare(server.url);
    const runs = [];
    for (const clients of CLIENTS) {
      const jobs = await createOrders(server.url, setup);
      // Every 4th order is paid a second time, interleaved: exactly-once under load.
      const withRepeats = jobs.flatMap((job, i) => (i % 4 === 0 ? [job, job] : [job]));
      const ceiling = await argon2Ceiling();
      const result = await load(server.url, withRepeats, clients);
      runs.push({
        name: `${name}, ${clients} clients`,
        key: `${key}-c${clients}`,
        clients,
        requests: withRepeats.length,
        ...result,
        argon2: { verifyMs: Math.round(ceiling.verifyMs * 10) / 10, limitPerS: Math.round(ceiling.limitPerS) },
        // Share of the ceiling: paid orders per second (one argon2 check each) against checks per second.
        ofLimit: Math.round((result.paidPerS / ceiling.limitPerS) * 1000) / 10,
        load: loadavg()[0].toFixed(2),
      });
    }
    const invariantNow = await invariant(server.url, setup.shoppers);
    // The headline: the highest share of the ceiling within the p99 target (else the lowest p99).
    const within = runs.filter((run) => run.p99 <= P99_TARGET_MS);
    const best = within.length
      ? within.reduce((a, b) => (b.ofLimit > a.ofLimit ? b : a))
      : runs.reduce((a, b) => (b.p99 < a.p99 ? b : a));
    return runs.map((run) => ({
      ...run,
      ...(run === best ? { key, name: `${name} (${run.clients} clients)`, headline: true } : {}),
      invariant: invariantNow,
    }));
  } finally {
    await server.stop();
  }
};

const rows = [...(await measure('pay, PGlite', 'pay-pglite', {}))];
const { note: pgNote } = await onOwnPostgres(`bench_pay_${process.pid}`, async (url) => {
  rows.push(...(await measure('pay, PostgreSQL', 'pay-postgres', { DATABASE_URL: url, SEED_DEMO: '1' })));
});

const params = `m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`;
const table = [
  `Pay (${SHOPPERS} shoppers; per run ${ORDERS} new orders + 1 repeat per 4, paid by the given number of parallel clients; argon2id payment-code check on every first pay, ${params}, while a repeat of a paid order is refused before the check; ceiling = argon2id verify alone, ${CORES} at once, measured right before each run; "of ceiling" = paid orders/s ÷ ceiling, so the cheap repeats do not count). **Bold**: the run the target is read from (highest share of the ceiling with p99 <= ${P99_TARGET_MS} ms). 20 clients keep ~${20 - CORES} pays queued for argon2 at all times: its p99 is queueing by construction.`,
  '',
  '| Target | clients | requests | requests/s | paid/s | p99 ms | one verify ms | argon2 ceiling/s | of ceiling | paid | refused (repeats) | errors | invariant | load |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ...rows.map((r) => {
    const b = (text) => (r.headline ? `**${text}**` : text);
    return `| ${b(r.name)} | ${r.clients} | ${r.requests} | ${b(r.rps)} | ${b(r.paidPerS)} | ${b(r.p99)} | ${r.argon2.verifyMs} | ${r.argon2.limitPerS} | ${b(`${r.ofLimit} %`)} | ${r.paid} | ${r.refused} | ${r.errors} | ${r.invariant} | ${r.load} |`;
  }),
  ...(pgNote ? ['', pgNote] : []),
].join('\n');
const last = (rows.findLast((r) => r.headline) ?? rows.at(-1)).argon2;
writeReport('pay', table, {
  argon2: { ...last, params: { algorithm: 'argon2id', ...ARGON2_PARAMS }, cores: CORES },
  rows,
  pgNote,
});
process.exit(rows.every((r) => r.invariant === 'holds' && r.paid === ORDERS) ? 0 : 1);
