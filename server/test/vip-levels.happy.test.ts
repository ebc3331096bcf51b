jest.setTimeout(120_000);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminVipLevel } from '@marketplace/shared/contracts';
import { buildApp } from '../src/app';
import { DEFAULT_VIP_LEVELS } from '../src/modules/community/community.service';
import { call, createTestApp, type TestApp } from './harness';
import { admin, ADMIN_TOKEN } from './orders.helpers';

let t: TestApp;
let restarted: FastifyInstance | undefined;
// On PGlite the data lives in a folder that outlives the first app; on PostgreSQL the test database does.
const pgliteDir = process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'mp-vip-restart-'));
beforeAll(async () => {
  t = await createTestApp({
    adminToken: ADMIN_TOKEN,
    ...(pgliteDir ? { database: { kind: 'pglite', dataDir: path.join(pgliteDir, 'pgdata') } } : {}),
  });
});
afterAll(async () => {
  await restarted?.close();
  await t.close();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

const levels = async (app: FastifyInstance) =>
  (await call<AdminVipLevel[]>(app, { method: 'GET', url: '/api/admin/vip_levels', headers: admin })).data;

describe('VIP levels across a restart', () => {
  it("keeps an operator's change to a level and puts back only a level that is missing", async () => {
    expect(await levels(t.app)).toEqual(DEFAULT_VIP_LEVELS);
    const changed = { level: 2, name: 'Silver', priceCents: 15_000, benefits: ['Free gift wrap'], enabled: false };
    const saved = await call(t.app, { method: 'POST', url: '/api/admin/vip_level', headers: admin, payload: changed });
    expect(saved).toMatchObject({ code: 1, data: changed });
    // A level lost from the table (not an operator's change) is seeded again on the next start.
    await t.db.execute(sql`DELETE FROM vip_levels WHERE level = 3`);

    await t.app.close();
    restarted = await buildApp(t.config, { logger: false });

    expect(await levels(restarted)).toEqual([DEFAULT_VIP_LEVELS[0], changed, DEFAULT_VIP_LEVELS[2]]);
  });
});
