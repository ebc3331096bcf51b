import type { Redis } from 'ioredis';
import { isVital, type Cohort, type TelemetryEvent } from './telemetry.schemas';

/**
 * Field health aggregated in bounded space (docs/decisions/0003-independent-releases.md): per remote, version, cohort and minute,
 * three counters and three fixed-bucket histograms; nothing per report, nothing about who sent it.
 * Minutes older than the retention are dropped; a cap on keys bounds what a flood of made-up versions
 * can add. In this process's memory, or in Redis (REDIS_URL) so every process adds to the same figures.
 */

/** Upper bounds of the histogram buckets (the last bucket is everything above the last bound). */
export const VITAL_BUCKETS = {
  LCP: [500, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000],
  INP: [50, 100, 150, 200, 300, 500, 750, 1_000, 2_000],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
} as const;
type VitalName = keyof typeof VITAL_BUCKETS;
const VITALS = Object.keys(VITAL_BUCKETS) as VitalName[];
const COUNTERS = { session: 'sessions', load: 'loadFailures', error: 'errors' } as const;

interface Counts {
  sessions: number;
  loadFailures: number;
  errors: number;
  LCP: number[];
  INP: number[];
  CLS: number[];
}

export interface HealthRow {
  version: string;
  cohort: Cohort;
  sessions: number;
  loadFailures: number;
  errors: number;
  /** loadFailures / sessions (0 without sessions). */
  loadFailureRate: number;
  /** errors / sessions (0 without sessions). */
  errorRate: number;
  /** 75th percentile, as the upper bound of its bucket (ms; CLS unitless); null without samples. */
  lcpP75: number | null;
  inpP75: number | null;
  clsP75: number | null;
  /** Samples behind each p75. */
  vitalSamples: { LCP: number; INP: number; CLS: number };
}

export interface AcceptedEvent {
  event: TelemetryEvent;
  cohort: Cohort;
}

export interface Aggregator {
  readonly kind: 'memory' | 'redis';
  /** Adds a batch; returns how many events were dropped by the key cap. */
  add(events: AcceptedEvent[], atMs: number): Promise<number>;
  /** Sums per version and cohort over the minutes that overlap [fromMs, toMs]. */
  summary(remote: string, fromMs: number, toMs: number): Promise<HealthRow[]>;
  /** How many aggregate keys are held (the bound the flood test checks). */
  keyCount(): Promise<number>;
}

interface AggregatorOptions {
  bucketMs?: number;
  /** How long a minute is kept (and the longest window summary answers). */
  retentionMs?: number;
  /** Most keys (remote, version, cohort, minute) held at once. */
  maxKeys?: number;
}

const emptyCounts = (): Counts => ({
  sessions: 0,
  loadFailures: 0,
  errors: 0,
  LCP: new Array<number>(VITAL_BUCKETS.LCP.length + 1).fill(0),
  INP: new Array<number>(VITAL_BUCKETS.INP.length + 1).fill(0),
  CLS: new Array<number>(VITAL_BUCKETS.CLS.length + 1).fill(0),
});

const bucketOf = (name: VitalName, value: number): number => {
  const bounds: readonly number[] = VITAL_BUCKETS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
};

/** The p75 of a histogram: the upper bound of the bucket where 75 % of samples are reached. */
export const p75 = (name: VitalName, histogram: readonly number[]): number | null => {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const bounds: readonly number[] = VITAL_BUCKETS[name];
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= 0.75 * total) return i < bounds.length ? bounds[i]! : bounds[bounds.length - 1]! * 2;
  }
  return null;
};

const addEvent = (counts: Counts, { event }: AcceptedEvent) => {
  if (isVital(event)) counts[event.kind][bucketOf(event.kind, event.value)]! += 1;
  else counts[COUNTERS[event.kind]] += 1;
};

const keyOf = (minute: number, remote: string, version: string, cohort: Cohort) =>
  `${minute}|${remote}|${version}|${cohort}`;

const toRows = (groups: Map<string, { version: string; cohort: Cohort; counts: Counts }>): HealthRow[] =>
  [...groups.values()]
    .map(({ version, cohort, counts }) => ({
      version,
      cohort,
      sessions: counts.sessions,
      loadFailures: counts.loadFailures,
      errors: counts.errors,
      loadFailureRate: counts.sessions ? counts.loadFailures / counts.sessions : 0,
      errorRate: counts.sessions ? counts.errors / counts.sessions : 0,
      lcpP75: p75('LCP', counts.LCP),
      inpP75: p75('INP', counts.INP),
      clsP75: p75('CLS', counts.CLS),
      vitalSamples: {
        LCP: counts.LCP.reduce((a, b) => a + b, 0),
        INP: counts.INP.reduce((a, b) => a + b, 0),
        CLS: counts.CLS.reduce((a, b) => a + b, 0),
      },
    }))
    .sort((a, b) => a.cohort.localeCompare(b.cohort) || a.version.localeCompare(b.version));

const merge = (into: Counts, from: Counts) => {
  into.sessions += from.sessions;
  into.loadFailures += from.loadFailures;
  into.errors += from.errors;
  for (const name of VITALS) from[name].forEach((n, i) => (into[name][i]! += n));
};

export const memoryAggregator = ({
  bucketMs = 60_000,
  retentionMs = 3_600_000,
  maxKeys = 20_000,
}: AggregatorOptions = {}): Aggregator => {
  const keys = new Map<string, Counts>();
  let prunedAt = 0;
  const prune = (nowBucket: number) => {
    if (nowBucket === prunedAt) return;
    prunedAt = nowBucket;
    const oldest = nowBucket - Math.ceil(retentionMs / bucketMs);
    for (const key of keys.keys()) if (Number(key.slice(0, key.indexOf('|'))) < oldest) keys.delete(key);
  };
  return {
    kind: 'memory',
    async add(events, atMs) {
      const minute = Math.floor(atMs / bucketMs);
      prune(minute);
      let dropped = 0;
      for (const accepted of events) {
        const key = keyOf(minute, accepted.event.remote, accepted.event.version, accepted.cohort);
        let counts = keys.get(key);
        if (!counts) {
          if (keys.size >= maxKeys) {
            dropped++;
            continue;
          }
          keys.set(key, (counts = emptyCounts()));
        }
        addEvent(counts, accepted);
      }
      return dropped;
    },
    async summary(remote, fromMs, toMs) {
      const from = Math.floor(fromMs / bucketMs);
      const to = Math.floor(toMs / bucketMs);
      const groups = new Map<string, { version: string; cohort: Cohort; counts: Counts }>();
      for (const [key, counts] of keys) {
        const [minute, keyRemote, version, cohort] = key.split('|') as [string, string, string, Cohort];
        if (keyRemote !== remote || Number(minute) < from || Number(minute) > to) continue;
        const group = `${version}|${cohort}`;
        let sum = groups.get(group);
        if (!sum) groups.set(group, (sum = { version, cohort, counts: emptyCounts() }));
        merge(sum.counts, counts);
      }
      return toRows(groups);
    },
    async keyCount() {
      return keys.size;
    },
  };
};

/**
 * The same figures in Redis: one hash per minute (`<prefix>telemetry:<minute>`), fields
 * `<remote>|<version>|<cohort>|<counter or histogram bucket>`, expiring after the retention; a set per
 * minute of its keys bounds how many a minute may hold.
 */
export const redisAggregator = (
  redis: Redis,
  prefix: string,
  { bucketMs = 60_000, retentionMs = 3_600_000, maxKeys = 20_000 }: AggregatorOptions = {},
): Aggregator => {
  const perMinute = Math.max(1, Math.floor(maxKeys / Math.ceil(retentionMs / bucketMs)));
  const hashOf = (minute: number) => `${prefix}telemetry:${minute}`;
  const keysOf = (minute: number) => `${prefix}telemetry-keys:${minute}`;
  const ttlSeconds = Math.ceil(retentionMs / 1000) + 60;
  return {
    kind: 'redis',
    async add(events, atMs) {
      const minute = Math.floor(atMs / bucketMs);
      const groups = [...new Set(events.map((e) => `${e.event.remote}|${e.event.version}|${e.cohort}`))];
      const known = await redis.smismember(keysOf(minute), ...groups);
      const fresh = groups.filter((_, i) => !known[i]);
      const size = fresh.length > 0 ? await redis.scard(keysOf(minute)) : 0;
      const admitted = new Set(groups.filter((_, i) => known[i]));
      for (const group of fresh.slice(0, Math.max(0, perMinute - size))) admitted.add(group);
      const batch = redis.multi();
      if (fresh.length > 0 && admitted.size > 0) {
        const added = fresh.filter((group) => admitted.has(group));
        if (added.length > 0) batch.sadd(keysOf(minute), ...added).expire(keysOf(minute), ttlSeconds);
      }
      let dropped = 0;
      for (const { event, cohort } of events) {
        const group = `${event.remote}|${event.version}|${cohort}`;
        if (!admitted.has(group)) {
          dropped++;
          continue;
        }
        const field = isVital(event) ? `${event.kind}${bucketOf(event.kind, event.value)}` : COUNTERS[event.kind];
        batch.hincrby(hashOf(minute), `${group}|${field}`, 1);
      }
      batch.expire(hashOf(minute), ttlSeconds);
      await batch.exec();
      return dropped;
    },
    async summary(remote, fromMs, toMs) {
      const from = Math.max(
        Math.floor(fromMs / bucketMs),
        Math.floor(toMs / bucketMs) - Math.ceil(retentionMs / bucketMs),
      );
      const to = Math.floor(toMs / bucketMs);
      const batch = redis.multi();
      for (let minute = from; minute <= to; minute++) batch.hgetall(hashOf(minute));
      const hashes = ((await batch.exec()) ?? []).map(([, value]) => (value ?? {}) as Record<string, string>);
      const groups = new Map<string, { version: string; cohort: Cohort; counts: Counts }>();
      for (const hash of hashes) {
        for (const [field, text] of Object.entries(hash)) {
          const [keyRemote, version, cohort, name] = field.split('|') as [string, string, Cohort, string];
          if (keyRemote !== remote || !name) continue;
          const group = `${version}|${cohort}`;
          let sum = groups.get(group);
          if (!sum) groups.set(group, (sum = { version, cohort, counts: emptyCounts() }));
          const n = Number(text) || 0;
          if (name === 'sessions' || name === 'loadFailures' || name === 'errors') sum.counts[name] += n;
          else {
            const vital = name.slice(0, 3) as VitalName;
            const index = Number(name.slice(3));
            if (VITALS.includes(vital) && sum.counts[vital][index] !== undefined) sum.counts[vital][index]! += n;
          }
        }
      }
      return toRows(groups);
    },
    async keyCount() {
      let total = 0;
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}telemetry-keys:*`, 'COUNT', 200);
        cursor = next;
        for (const key of found) total += await redis.scard(key);
      } while (cursor !== '0');
      return total;
    },
  };
};
