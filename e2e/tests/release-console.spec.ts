import { expect, test } from '../fixtures';
import { markedVersion, withUnitStore } from '../release-cli';

/**
 * The operator console as a deployable unit (docs/decisions/0002-operator-accounts.md), real server and browser: two console
 * versions (copies of the current build, each index.html marked with its version) deployed and promoted with
 * the release CLI; the server answers `/console` from the live one in the deployment store, a promote or
 * rollback reaches the next load without a restart, and the console runs from it. A server on a store
 * without a live console serves console/dist.
 */
test('the server serves the live console version from the store; promote and rollback reach the next load', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await withUnitStore(
    'console',
    { DEPLOY_STORE_URL: '' },
    async ({ app, deployDir, release, deployMarkedVersions }) => {
      const servedVersion = async (url: string) => {
        const html = await (await fetch(`${url}/console/topups`)).text();
        expect(html).toContain('<div id="root">');
        return markedVersion(html, 'console');
      };
      /** The console app itself runs from the served copy: its sign-in card draws. */
      const opens = async (url: string, version: string) => {
        await page.goto(`${url}/console/`);
        await expect(page.locator('meta[name="console-release"]')).toHaveAttribute('content', version);
        await expect(page.getByRole('tab', { name: 'Set up account' })).toBeVisible({ timeout: 30_000 });
      };
      const env = { CONSOLE_DIR: '', DEPLOY_STORE_URL: '' };

      const embedded = await app.startServer({ deployDir, env });
      try {
        expect(await servedVersion(embedded.url)).toBe('embedded');
      } finally {
        await embedded.stop();
      }

      await deployMarkedVersions('9.1.1', '9.1.2');

      const server = await app.startServer({ deployDir, env });
      try {
        expect(await servedVersion(server.url)).toBe('9.1.1');
        await opens(server.url, '9.1.1');

        await release('promote', 'console', '9.1.2');
        expect(await servedVersion(server.url)).toBe('9.1.2');
        await opens(server.url, '9.1.2');

        await release('rollback', 'console');
        expect(await servedVersion(server.url)).toBe('9.1.1');
        await opens(server.url, '9.1.1');

        const stdout = await release('status');
        expect(stdout).toMatch(/\| console +\| 9\.1\.1 +\| - +\| - +\| 9\.1\.1, 9\.1\.2 +\|/);
        expect(stdout).toMatch(/\| shell +\| embedded +\|/);
        expect(stdout).toMatch(/rollback console 9\.1\.2 -> 9\.1\.1/);
        expect(stdout).toMatch(/promote console 9\.1\.1 -> 9\.1\.2/);
        expect(stdout).toMatch(/deploy console 9\.1\.2/);
      } finally {
        await server.stop();
      }
    },
  );
});
