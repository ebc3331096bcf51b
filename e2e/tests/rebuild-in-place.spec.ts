import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, passHumanVerification, test as base } from '../fixtures';

/**
 * `npm start` rebuilds and redeploys a remote into the same version folder. A browser that visited
 * before must get the new code on its next load: the unhashed entry points (`remoteEntry.js`,
 * `mf-manifest.json`) are revalidated, never served from an immutable cache. This spec runs its own
 * server on its own deployment store and rewrites the live catalogue entry in place.
 */
const appServer = () => import('../../tools/app-server.mjs');

const test = base.extend<object, { store: { url: string; deployDir: string } }>({
  store: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const app = await appServer();
      const deployDir = app.tempDeployDir();
      await app.deployAll(deployDir);
      const server = await app.startServer({ deployDir, env: { AUTH_RATE_LIMIT_MAX: '1000' } });
      try {
        await use({ url: server.url, deployDir });
      } finally {
        await server.stop();
        rmSync(deployDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ store }, use) => use(store.url),
});

test('a browser that visited before a rebuild in place gets the new remote code on its next load', async ({
  page,
  store,
}) => {
  await page.goto('/home');
  await passHumanVerification(page);
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (globalThis as { __rebuiltInPlace?: string }).__rebuiltInPlace)).toBeUndefined();

  // The rebuild: same version folder, new content in the unhashed entry file.
  const remoteDir = path.join(store.deployDir, 'mfe-catalogue');
  for (const version of readdirSync(remoteDir).filter((name) => !name.startsWith('.'))) {
    const entry = path.join(remoteDir, version, 'remoteEntry.js');
    try {
      writeFileSync(entry, `globalThis.__rebuiltInPlace = 'yes';\n${readFileSync(entry, 'utf8')}`);
    } catch {
      // A folder without an entry file is not a version.
    }
  }

  await page.goto('/explore');
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (globalThis as { __rebuiltInPlace?: string }).__rebuiltInPlace)).toBe('yes');
});
