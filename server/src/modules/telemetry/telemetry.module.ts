import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../lib/shared-state';
import type { OperatorAuth } from '../admin/admin-auth';
import type { MailStatus } from '../mail/mail-status';
import { memoryAggregator, redisAggregator, type Aggregator } from './telemetry.aggregate';
import { createCohortResolver } from './telemetry.cohort';
import { createTelemetryMetrics } from './telemetry.metrics';
import { telemetryRoutes } from './telemetry.routes';

const numberFrom = (text: string | undefined, fallback: number, min: number, max: number) => {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
};

/**
 * Field health (docs/decisions/0003-independent-releases.md), one line in modules.ts. Settings: TELEMETRY_SAMPLE_RATE (0-1, default 1),
 * TELEMETRY_RATE_LIMIT_MAX (beacons per client address and minute, default 600: a page sends 4-8, and many shoppers
 * share one address behind a NAT), TELEMETRY_MAX_KEYS (aggregate keys
 * held, default 20000). With REDIS_URL the aggregation is in Redis, so every process adds to one figure.
 */
export const telemetryModule = async (
  app: FastifyInstance,
  {
    config,
    operators,
    mailStatus,
    env = process.env,
  }: {
    config: AppConfig;
    operators: OperatorAuth;
    /** The SMTP outbox's backlog and last error for /metrics (with SMTP_URL). */
    mailStatus?: () => Promise<MailStatus>;
    env?: NodeJS.ProcessEnv;
  },
) => {
  const options = { maxKeys: numberFrom(env.TELEMETRY_MAX_KEYS, 20_000, 10, 1_000_000) };
  let aggregator: Aggregator;
  if (config.redisUrl) {
    // The same bound on every command as the limits' (lib/shared-state.ts): a stalled Redis drops reports
    // at once instead of holding the beacon.
    const redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    redis.on('error', () => undefined);
    await redis.connect().catch((error: unknown) => app.log.error({ err: error }, 'telemetry: Redis unreachable'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    aggregator = redisAggregator(redis, config.redisPrefix ?? 'mp:', options);
  } else aggregator = memoryAggregator(options);
  const cohorts = createCohortResolver({
    deployDir: config.deployDir,
    deployStore: config.deployStore,
    now: () => config.now().getTime(),
  });
  app.addHook('onClose', async () => cohorts.close());
  await app.register(telemetryRoutes, {
    aggregator,
    cohorts,
    metrics: createTelemetryMetrics(() => aggregator.keyCount(), mailStatus),
    operators,
    now: config.now,
    sampleRate: numberFrom(env.TELEMETRY_SAMPLE_RATE, 1, 0, 1),
    rateLimitMax: numberFrom(env.TELEMETRY_RATE_LIMIT_MAX, 600, 1, 100_000_000),
  });
  return { aggregator };
};
