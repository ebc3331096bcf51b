jest.setTimeout(60_000);

import { createTestApp } from './harness';

/** Several API processes (docs/decisions/0007-several-api-processes.md): /api/ready tells a load balancer whether the database and the shared store answer. */
describe('GET /api/ready', () => {
  it('answers ready when the database and the (memory) shared store answer', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 200,
        body: { code: 1, msg: 'Success', data: { database: 'ok', sharedState: 'ok', sharedStateKind: 'memory' } },
      });
    } finally {
      await t.close();
    }
  });

  it('answers 503 in the envelope, naming what is down, when Redis does not answer; liveness stays up', async () => {
    // Nothing listens on port 1.
    const t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'mp-test-ready:' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 503,
        body: {
          code: 503,
          msg: 'The system is busy, please try again later',
          data: { database: 'ok', sharedState: 'down', sharedStateKind: 'redis' },
        },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
