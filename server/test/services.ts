/**
 * Tests that need a local service (tools/jest/services.cjs probes them once per run): without it they are
 * reported as skipped in the run's summary rather than passing without running.
 */
const hasRedis = process.env.TEST_REDIS === '1';
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** `describe` when Redis answers on 127.0.0.1:6379, else `describe.skip`. */
export const describeWithRedis = hasRedis ? describe : describe.skip;

/** `describe` when both PostgreSQL (TEST_DATABASE_URL) and Redis answer, else `describe.skip`. */
export const describeWithPostgresAndRedis = hasRedis && hasPostgres ? describe : describe.skip;
