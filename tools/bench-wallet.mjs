// Wallet throughput: requests/s and p99 of evidence top-up requests (POST /api/user/recharge), operator
// approvals (POST /api/admin/recharge/decide: ledger credit + audit in one transaction), card top-ups
// (sandbox provider, credited at once) and withdrawals (POST /api/user/extract: argon2id payment-code
// check + hold), on PGlite and on PostgreSQL, with the ledger invariant checked afterwards.
// 127.0.0.1 only; the PostgreSQL database is created and dropped here. Writes var/bench/wallet.md.
import { benchServer, drainJobs, giveUpAfter, must, onOwnPostgres, signUpShoppers, writeReport } from './bench-lib.mjs';

const SHOPPERS = 10;
const REQUESTS = Number(process.env.BENCH_WALLET_REQUESTS ?? 300);
const CONCURRENCY = 20;
const ADMIN_TOKEN = 'bench-wallet-operator';
const PAYMENT_CODE = '123456';
const TOTAL_TIMEOUT_MS = 8 * 60_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

giveUpAfter('bench-wallet', TOTAL_TIMEOUT_MS);

const api = async (base, method, url, { body, headers = {} } = {}) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response.json();
};

const prepare = async (base) => {
  const call = (method, url, options) => api(base, method, url, options);
  const shoppers = await signUpShoppers(call, { prefix: 'bench_wallet_', count: SHOPPERS, paymentCode: PAYMENT_CODE });
  for (const shopper of shoppers) {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const uploaded = await (
      await fetch(`${base}/api/upload`, { method: 'POST', headers: shopper.headers, body: form })
    ).json();
    if (uploaded.code !== 1) throw new Error(`upload: ${uploaded.msg}`);
    shopper.evidence = uploaded.data.id;
  }
  const channels = (
    await must(api(base, 'GET', '/api/user/getBlockchain', { headers: shoppers[0].headers }), 'channels')
  ).channels;
  return { shoppers, onChain: channels.find((c) => c.method === 'onChain' && c.name.includes('TRC20')) };
};

/** CONCURRENCY workers drain the jobs; each job is [method, url, options]. */
const load = async (base, jobs) => {
  const { seconds, p99, outcomes } = await drainJobs(jobs, CONCURRENCY, ([method, url, options]) =>
    api(base, method, url, options),
  );
  return { requests: jobs.length, rps: Math.round(jobs.length / seconds), p99: Math.round(p99), ...outcomes };
};

const measure = async (database, env) => {
  const server = await benchServer(ADMIN_TOKEN, env);
  const admin = { 'admin-token': ADMIN_TOKEN };
  try {
    const base = server.url;
    const { shoppers, onChain } = await prepare(base);
    const results = [];
    const topUps = Array.from({ length: REQUESTS }, (_, n) => {
      const s = shoppers[n % SHOPPERS];
      return [
        'POST',
        '/api/user/recharge',
        {
          headers: s.headers,
          body: {
            method: 'onChain',
            network: onChain.id,
            address: 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy',
            amount: 10_000,
            evidence: s.evidence,
            acceptNotes: true,
          },
        },
      ];
    });
    // The recharge route allows 30 requests a minute per client; the bench runs as many clients.
    results.push({ name: 'top-up request (evidence)', ...(await load(base, topUps)) });
    const pending = await must(
      api(base, 'GET', `/api/admin/recharges?status=0&pageSize=100`, { headers: admin }),
      'list',
    );
    const ids = [];
    for (let page = 1; ids.length < pending.total; page++) {
      const list = await must(
        api(base, 'GET', `/api/admin/recharges?status=0&pageSize=100&page=${page}`, { headers: admin }),
        'list',
      );
      if (list.list.length === 0) break;
      ids.push(...list.list.map((r) => r.id));
    }
    // Every approval is sent twice, interleaved: the second must be refused (decided once).
    const approvals = ids.flatMap((id) => [
      ['POST', '/api/admin/recharge/decide', { headers: admin, body: { id, agree: true } }],
      ['POST', '/api/admin/recharge/decide', { headers: admin, body: { id, agree: false, reason: 'again' } }],
    ]);
    results.push({ name: 'operator decision (approve + repeat)', ...(await load(base, approvals)) });
    const cards = Array.from({ length: REQUESTS }, (_, n) => [
      'POST',
      '/api/user/recharge',
      {
        headers: shoppers[n % SHOPPERS].headers,
        body: {
          method: 'card',
          amount: 500,
          cardNumber: '4242424242424242',
          expiryMonth: 12,
          expiryYear: 2099,
          cvc: '123',
        },
      },
    ]);
    results.push({ name: 'card top-up (sandbox)', ...(await load(base, cards)) });
    const withdrawals = Array.from({ length: REQUESTS / 2 }, (_, n) => [
      'POST',
      '/api/user/extract',
      {
        headers: shoppers[n % SHOPPERS].headers,
        body: {
          drawType: 'bank',
          drawAmount: 1_000,
          bankCardNo: '4111111111111111',
          bankName: 'Bench Bank',
          paymentCode: PAYMENT_CODE,
        },
      },
    ]);
    results.push({ name: 'withdraw (argon2id code + hold)', ...(await load(base, withdrawals)) });
    const check = await must(api(base, 'GET', '/api/admin/ledger/check', { headers: admin }), 'check');
    return results.map((r) => ({ database, ...r, invariant: check.ok ? 'holds' : 'BROKEN' }));
  } finally {
    await server.stop();
  }
};

const rows = [...(await measure('PGlite', { WALLET_RATE_LIMIT_MAX: '1000000' }))];
const { note: pgNote } = await onOwnPostgres(`bench_wallet_${process.pid}`, async (url) => {
  // Card top-ups go through the sandbox acquirer, which a PostgreSQL server runs only when asked.
  rows.push(
    ...(await measure('PostgreSQL', {
      DATABASE_URL: url,
      WALLET_RATE_LIMIT_MAX: '1000000',
      CARD_SANDBOX: '1',
    })),
  );
});

const table = [
  `Wallet (${SHOPPERS} shoppers, ${CONCURRENCY} parallel clients)`,
  '',
  '| Database | Operation | requests | requests/s | p99 ms | ok | refused | errors | invariant |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (r) =>
      `| ${r.database} | ${r.name} | ${r.requests} | ${r.rps} | ${r.p99} | ${r.ok} | ${r.refused} | ${r.errors} | ${r.invariant} |`,
  ),
  ...(pgNote ? ['', pgNote] : []),
].join('\n');
writeReport('wallet', table);
process.exit(rows.every((r) => r.invariant === 'holds' && r.errors === 0) ? 0 : 1);
