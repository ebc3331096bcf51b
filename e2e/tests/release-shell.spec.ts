import { expect, passHumanVerification, tab, test } from '../fixtures';
import { markedVersion, withUnitStore } from '../release-cli';

/**
 * The shell as a deployable unit (docs/decisions/0003-independent-releases.md), real server and browser: two shell versions (copies of
 * the current build, each index.html marked with its version) deployed and promoted with the release CLI;
 * the server serves the live one from the deployment store, a promote or rollback reaches the next page
 * load without a restart, and the app runs from it. A server on a store without a shell serves shell/dist.
 */
test('the server serves the live shell version from the store; promote and rollback reach the next load', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await withUnitStore('shell', {}, async ({ app, deployDir, release, deployMarkedVersions }) => {
    const servedVersion = async (url: string) => markedVersion(await (await fetch(`${url}/home`)).text(), 'shell');

    await app.deployAll(deployDir);
    const embedded = await app.startServer({ deployDir });
    try {
      expect(await servedVersion(embedded.url)).toBe('embedded');
    } finally {
      await embedded.stop();
    }

    await deployMarkedVersions('9.0.1', '9.0.2');

    const server = await app.startServer({ deployDir });
    try {
      expect(await servedVersion(server.url)).toBe('9.0.1');
      await page.goto(`${server.url}/home`);
      await expect(page.locator('meta[name="shell-release"]')).toHaveAttribute('content', '9.0.1');

      await release('promote', 'shell', '9.0.2');
      expect(await servedVersion(server.url)).toBe('9.0.2');
      await page.goto(`${server.url}/home`);
      await expect(page.locator('meta[name="shell-release"]')).toHaveAttribute('content', '9.0.2');
      // The app itself runs from the store's copy: the human check of the first screen shows, then Home.
      await passHumanVerification(page);
      await page.evaluate(() => Object.assign(window, { noReload: true }));

      // The open page learns of the shell rollback from the manifest it asks for again (every 20 s, and when
      // the network returns: the event makes the test quick), offers the new version, and loads it at the
      // next navigation.
      await release('rollback', 'shell');
      expect(await servedVersion(server.url)).toBe('9.0.1');
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect(page.getByRole('region', { name: 'A new version is available' })).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
      await tab(page, 'Me').click();
      await expect(page.locator('meta[name="shell-release"]')).toHaveAttribute('content', '9.0.1', { timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBeUndefined();
      const stdout = await release('status');
      expect(stdout).toMatch(/\| shell +\| 9\.0\.1 +\| - +\| - +\| 9\.0\.1, 9\.0\.2 +\|/);
      expect(stdout).toMatch(/rollback shell 9\.0\.2 -> 9\.0\.1/);
    } finally {
      await server.stop();
    }
  });
});
