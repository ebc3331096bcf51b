import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { Redis } from 'ioredis';
import { call, createTestApp, type TestApp } from '../../../test/harness';
import { memoryAggregator, p75, redisAggregator } from './telemetry.aggregate';

const ADMIN = 'telemetry-test-admin-token';
const entry = (version: string) => ({
  name: 'mfe_catalogue',
  version,
  entry: `/mfe/mfe-catalogue/${version}/mf-manifest.json`,
  namespace: 'catalogue',
  routes: [],
});
const writeManifest = (t: TestApp, canary: { version: string; percent: number } | null) => {
  mkdirSync(t.config.deployDir, { recursive: true });
  const live = {
    ...entry('1.0.0'),
    ...(canary ? { canary: { ...entry(canary.version), percent: canary.percent } } : {}),
  };
  writeFileSync(
    path.join(t.config.deployDir, 'manifest.json'),
    JSON.stringify({ updatedAt: new Date().toISOString(), remotes: { 'mfe-catalogue': live } }),
  );
};

const beacon = (t: TestApp, body: unknown, type = 'text/plain;charset=UTF-8', address = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': type },
    remoteAddress: address,
  });

const health = (t: TestApp, query: string, headers: Record<string, string> = { 'admin-token': ADMIN }) =>
  call<{ remote: string; versions: Array<Record<string, unknown>> }>(t.app, {
    method: 'GET',
    url: `/api/admin/release/health?${query}`,
    headers,
  });

const session = (version: string, kind: 'session' | 'load' | 'error' = 'session') => ({
  kind,
  remote: 'mfe-catalogue',
  version,
  route: '/detail/:id',
});

describe('telemetry ingest and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.TELEMETRY_RATE_LIMIT_MAX = '120';
    t = await createTestApp({ adminToken: ADMIN });
    delete process.env.TELEMETRY_RATE_LIMIT_MAX;
    writeManifest(t, { version: '2.0.0', percent: 5 });
  });
  afterAll(() => t.close());

  it('takes a beacon as text/plain and as application/json (204) and sums it per version and cohort', async () => {
    const stable = [session('1.0.0'), session('1.0.0'), session('1.0.0', 'error')];
    expect((await beacon(t, { events: stable })).statusCode).toBe(204);
    const canary = {
      events: [
        session('2.0.0'),
        session('2.0.0', 'load'),
        { kind: 'LCP', remote: 'mfe-catalogue', version: '2.0.0', value: 1800 },
        { kind: 'INP', remote: 'mfe-catalogue', version: '2.0.0', value: 120 },
        { kind: 'CLS', remote: 'mfe-catalogue', version: '2.0.0', value: 0.02 },
      ],
    };
    expect((await beacon(t, canary, 'application/json')).statusCode).toBe(204);
    // A version the manifest does not name is 'other'; a remote it does not name is not kept at all.
    await beacon(t, { events: [session('0.9.0'), { ...session('1.0.0'), remote: 'mfe-unknown' }] });
    const reply = await health(t, 'remote=mfe-catalogue&window=600');
    expect(reply).toMatchObject({ status: 200, code: 1 });
    const rows = reply.data.versions;
    expect(rows).toEqual([
      expect.objectContaining({ version: '2.0.0', cohort: 'canary', sessions: 1, loadFailures: 1, errors: 0 }),
      expect.objectContaining({ version: '0.9.0', cohort: 'other', sessions: 1 }),
      expect.objectContaining({ version: '1.0.0', cohort: 'stable', sessions: 2, errors: 1, errorRate: 0.5 }),
    ]);
    expect(rows[0]).toMatchObject({ loadFailureRate: 1, lcpP75: 2000, inpP75: 150, clsP75: 0.05 });
    expect(JSON.stringify(rows)).not.toContain('mfe-unknown');
  });

  it('answers 400 (never 5xx) to malformed, mistyped, personal-looking and oversized beacons', async () => {
    const bad: Array<[unknown, string?]> = [
      ['not json'],
      ['{"events": ['],
      ['null'],
      [[]],
      [{ events: [] }],
      [{ events: 'x' }],
      [{ events: [{ ...session('1.0.0'), kind: 'crash' }] }],
      [{ events: [{ ...session('1.0.0'), remote: 'x'.repeat(60) }] }],
      [{ events: [{ ...session('1.0.0'), version: '1.0.0 <script>' }] }],
      // A filled-in path with a query string (personal data) is no route pattern.
      [{ events: [{ ...session('1.0.0'), route: '/detail/5?token=abc' }] }],
      [{ events: [{ ...session('1.0.0'), account: 'demo' }] }],
      [{ events: [{ kind: 'LCP', remote: 'mfe-catalogue', version: '1.0.0', value: -1 }] }],
      [{ events: [{ kind: 'LCP', remote: 'mfe-catalogue', version: '1.0.0', value: 'fast' }] }],
      [{ events: new Array(51).fill(session('1.0.0')) }],
      [{ events: [session('1.0.0')], padding: 'x'.repeat(20_000) }],
      ['x'.repeat(300_000)],
      [{ events: [session('1.0.0')] }, 'application/x-www-form-urlencoded'],
    ];
    for (const [body, type] of bad) {
      const reply = await beacon(t, body, type, '10.0.0.2');
      const label = String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 60);
      expect({ label, status: reply.statusCode }).toEqual({ label, status: 400 });
      expect(reply.json()).toMatchObject({ code: 0, data: null });
    }
  });

  it('limits beacons per client address (429) without limiting another address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++)
      statuses.push((await beacon(t, { events: [session('1.0.0')] }, undefined, '10.0.0.3')).statusCode);
    expect(statuses.filter((s) => s === 204)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await beacon(t, { events: [session('1.0.0')] }, undefined, '10.0.0.4')).statusCode).toBe(204);
  });

  it('serves the health summary only to release managers and admins, and /metrics only to operators', async () => {
    expect((await health(t, 'remote=mfe-catalogue', {})).status).toBe(401);
    expect((await health(t, 'remote=mfe-catalogue', { 'admin-token': 'wrong' })).status).toBe(401);
    expect((await health(t, 'remote=Bad Name')).code).toBe(0);
    expect((await health(t, 'remote=mfe-catalogue&window=99999')).code).toBe(0);
    const since = await health(
      t,
      `remote=mfe-catalogue&since=${encodeURIComponent(new Date(Date.now() + 120_000).toISOString())}`,
    );
    expect(since).toMatchObject({ code: 1, data: { versions: [] } });

    const anonymous = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('marketplace_');
    const scraped = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'admin-token': ADMIN } });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(scraped.body).toMatch(
      /marketplace_field_events_total\{remote="mfe-catalogue",version="2.0.0",cohort="canary",kind="load"\} 1/,
    );
    expect(scraped.body).toMatch(/marketplace_web_vitals_lcp_milliseconds_bucket\{le="2000",remote="mfe-catalogue"/);
    expect(scraped.body).toMatch(/marketplace_telemetry_reports_total\{outcome="invalid"\} \d+/);
    expect(scraped.body).not.toContain('mfe-unknown');
  });

  it('tells the reporter its sample rate', async () => {
    expect(await call(t.app, { method: 'GET', url: '/api/telemetry/config' })).toMatchObject({
      code: 1,
      data: { sampleRate: 1 },
    });
  });
});

describe('a flood keeps memory bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    process.env.TELEMETRY_MAX_KEYS = '300';
    process.env.TELEMETRY_RATE_LIMIT_MAX = '100000';
    t = await createTestApp({ adminToken: ADMIN });
    delete process.env.TELEMETRY_MAX_KEYS;
    delete process.env.TELEMETRY_RATE_LIMIT_MAX;
    writeManifest(t, { version: '2.0.0', percent: 50 });
  });
  afterAll(() => t.close());

  it('holds at most the key cap whatever versions a flood makes up, and keeps counting known ones', async () => {
    const aggregator = memoryAggregator({ maxKeys: 100 });
    const start = Date.now();
    let dropped = 0;
    for (let i = 0; i < 20_000; i++) {
      dropped += await aggregator.add(
        [{ event: { kind: 'session', remote: 'mfe-catalogue', version: `9.${i}.0` }, cohort: 'other' }],
        start + i * 1_000,
      );
    }
    expect(await aggregator.keyCount()).toBeLessThanOrEqual(100);
    expect(dropped).toBeGreaterThan(0);
    // Old minutes go: an hour after the flood only the last hour's keys are left, and new ones are taken again.
    await aggregator.add(
      [{ event: { kind: 'session', remote: 'mfe-catalogue', version: '1.0.0' }, cohort: 'stable' }],
      start + 30 * 3_600_000,
    );
    expect(await aggregator.keyCount()).toBe(1);
  });

  it('through HTTP: 5000 beacons of 50 events from many addresses leave the server its keys bounded and its heap near where it was', async () => {
    const events = (n: number) =>
      Array.from({ length: 50 }, (_, i) =>
        i % 3 === 0
          ? { kind: 'LCP', remote: 'mfe-catalogue', version: '2.0.0', value: (n * 50 + i) % 9000 }
          : { ...session(i % 2 ? '1.0.0' : `7.${n}.${i}`), route: `/r${i}` },
      );
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    // A first round warms up (compiled code, schema caches) before the heap is measured.
    for (let n = 0; n < 200; n++) await beacon(t, { events: events(n) }, 'application/json', '10.2.0.1');
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const statuses = new Map<number, number>();
    for (let n = 0; n < 5_000; n++) {
      const reply = await beacon(
        t,
        { events: events(n) },
        'application/json',
        `10.1.${n % 250}.${Math.floor(n / 250)}`,
      );
      statuses.set(reply.statusCode, (statuses.get(reply.statusCode) ?? 0) + 1);
    }
    gc();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    const scraped = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'admin-token': ADMIN } });
    const keys = Number(/marketplace_telemetry_aggregate_keys (\d+)/.exec(scraped.body)?.[1]);
    // 5000 × 17 made-up versions: only the cap (TELEMETRY_MAX_KEYS=300 here) is held; known versions still count.
    expect(keys).toBeGreaterThan(0);
    expect(keys).toBeLessThanOrEqual(300);
    const rows = (await health(t, 'remote=mfe-catalogue&window=3600')).data.versions;
    expect(rows.find((row) => row.version === '1.0.0')).toMatchObject({ cohort: 'stable' });
    console.log(
      `flood: ${JSON.stringify(Object.fromEntries(statuses))} replies, ${keys} aggregate keys, heap growth ${(heapGrowth / 1e6).toFixed(1)} MB`,
    );
    expect(heapGrowth).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('the Redis aggregation (REDIS_URL)', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let redis: Redis;
  let reachable = true;
  const prefix = `mp-test-${process.pid}-${Date.now()}:`;
  beforeAll(async () => {
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined);
    await redis.connect().catch(() => (reachable = false));
  });
  afterAll(async () => {
    if (reachable) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
  });

  it('two processes (two aggregators on one Redis) add to one figure, and the key cap holds', async () => {
    if (!reachable) {
      if (process.env.CI) throw new Error(`Redis not reachable at ${url}`);
      return;
    }
    const a = redisAggregator(redis, prefix, { maxKeys: 600 });
    const b = redisAggregator(redis, prefix, { maxKeys: 600 });
    const now = Date.now();
    await a.add(
      [
        { event: session('1.0.0'), cohort: 'stable' },
        { event: session('1.0.0', 'error'), cohort: 'stable' },
      ],
      now,
    );
    await b.add(
      [
        { event: session('1.0.0'), cohort: 'stable' },
        { event: { kind: 'INP', remote: 'mfe-catalogue', version: '1.0.0', value: 90 }, cohort: 'stable' },
      ],
      now,
    );
    const rows = await a.summary('mfe-catalogue', now - 60_000, now);
    expect(rows).toEqual([
      expect.objectContaining({ version: '1.0.0', cohort: 'stable', sessions: 2, errors: 1, inpP75: 100 }),
    ]);
    for (let i = 0; i < 50; i++) await b.add([{ event: session(`8.${i}.0`), cohort: 'other' }], now);
    // 600 keys over 60 minutes: 10 per minute.
    expect(await a.keyCount()).toBeLessThanOrEqual(10);
  });
});

describe('p75 of a fixed-bucket histogram', () => {
  it('is the upper bound of the bucket holding the 75th percentile', () => {
    expect(p75('LCP', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(p75('LCP', [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])).toBe(1_500);
    expect(p75('CLS', [0, 0, 0, 0, 0, 0, 0, 4])).toBe(2);
  });
});
