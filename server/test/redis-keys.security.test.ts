jest.setTimeout(120_000);

import { Redis } from 'ioredis';
import { createTestApp, portAnswers, type TestApp } from './harness';
import { createShopper, PAYMENT_CODE } from './orders.helpers';
import { describeWithRedis } from './services';

/**
 * The request limits' Redis keys carry the app's prefix and the limit's own name
 * (`<REDIS_PREFIX>rl:<name>|<ip|subject>|<who>`), never `rl:undefinedundefined-…` (a counter made with
 * app.createRateLimit has no route for the plugin to name it by). Skipped when no Redis answers.
 */
let t: TestApp | undefined;
let redis: Redis | undefined;
const prefix = `mp-test-keys:${process.pid}:${Date.now()}:`;

beforeAll(async () => {
  if (!(await portAnswers(6379))) return;
  t = await createTestApp({ redisUrl: 'redis://127.0.0.1:6379', redisPrefix: prefix });
  redis = new Redis('redis://127.0.0.1:6379');
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await t?.close();
});

describeWithRedis('Redis limit keys', () => {
  it('names every limit key by the prefix and the limit', async () => {
    if (!t || !redis) return console.warn('Redis does not answer on 127.0.0.1:6379: not run');
    const shopper = await createShopper(t, 'redis-keys');
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/user/verify_pay',
      headers: shopper.headers,
      payload: { paymentCode: PAYMENT_CODE },
    });
    expect(reply.json()).toMatchObject({ code: 1 });
    const keys = (await redis.keys(`${prefix}rl:*`)).sort();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(keys.filter((key) => key.includes('undefined'))).toEqual([]);
    expect(keys).toContain(`${prefix}rl:verifyPay|subject|${shopper.id}`);
  });
});
