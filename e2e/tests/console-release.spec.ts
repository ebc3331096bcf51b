import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from '../axe';
import { DEMO, expect, login, passHumanVerification, test as base, type Page } from '../fixtures';
import { releaseCommand, releaseServer } from '../release-cli';

const run = promisify(execFile);

/**
 * The console's release page (docs/decisions/0002-operator-accounts.md) in a real browser, on a server of its own with its own
 * deployment store (rolling the wallet back never disturbs other specs): a release manager sees each unit's
 * versions, rolls the wallet back from the page and the shopper's next load gets the earlier version; a
 * promote the contract check refuses shows the release CLI's refusal word for word. The wallet is built with
 * `VERSION=…` (its top-up footer shows the version) and deployed with the release CLI.
 */
const V1 = '3.1.1';
const V2 = '3.1.2';
/** Deployed with --force without its entry file: the contract check refuses to promote it. */
const REFUSED = '3.1.3';
const DESKTOP = { width: 1366, height: 900 };

interface ConsoleReleaseEnv {
  url: string;
  adminToken: string;
  /** The release CLI (`npm run release -- <args>`) against this spec's store: stdout, stderr and the exit code. */
  release(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }>;
}

const test = base.extend<object, { consoleReleaseEnv: ConsoleReleaseEnv }>({
  consoleReleaseEnv: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const adminToken = randomBytes(24).toString('hex');
      await releaseServer(
        'mfe-wallet',
        [V1, V2, REFUSED],
        async ({ url, deployDir, root }) => {
          const release = async (...args: string[]) => {
            try {
              const { stdout, stderr } = await run(...releaseCommand(root, args), {
                cwd: root,
                env: { ...process.env, DEPLOY_DIR: deployDir },
              });
              return { stdout, stderr, code: 0 };
            } catch (error) {
              const failed = error as { stdout: string; stderr: string; code: number };
              return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
            }
          };
          const must = async (...args: string[]) => {
            const answer = await release(...args);
            if (answer.code !== 0) throw new Error(`release ${args.join(' ')}: ${answer.stderr}`);
          };
          await must('deploy', 'wallet', '--version', V1);
          await must('promote', 'wallet', V1);
          await must('deploy', 'wallet', '--version', V2);
          await must('promote', 'wallet', V2);
          await must(
            'deploy',
            'wallet',
            '--version',
            REFUSED,
            '--force',
            '--reason',
            'e2e: a version the page cannot promote',
          );
          await use({ url, adminToken, release });
        },
        {
          spoil: (versionDirs) => unlinkSync(path.join(versionDirs[2]!, 'remoteEntry.js')),
          serverEnv: { AUTH_RATE_LIMIT_MAX: '1000', ADMIN_TOKEN: adminToken, ADMIN_TOKEN_AUTOMATION: '1' },
        },
      );
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ consoleReleaseEnv }, use) => use(consoleReleaseEnv.url),
});

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

/** axe: no serious or critical violation on the console page as it is now (as console.spec.ts checks). */
const axeClean = async (page: Page, where: string) => {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page), where).toEqual([]);
};

/** First sign-in with an admin's set-up code: password, the QR code's key, a code from it. */
const enrol = async (browser: Browser, url: string, name: string, setupCode: string): Promise<Page> => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: url });
  const page = await context.newPage();
  const password = `${name}-correct-horse-battery`;
  await page.goto('/console/');
  await page.getByRole('tab', { name: 'Set up account' }).click();
  const form = page.getByRole('tabpanel');
  await form.getByLabel('Operator name').fill(name);
  await form.getByLabel('Set-up code').fill(setupCode);
  await form.getByLabel('New password').fill(password);
  await form.getByLabel('Repeat the password').fill(password);
  await form.getByRole('button', { name: 'Next' }).click();
  const secret = (await form.getByTestId('totp-key').innerText()).trim();
  await form.getByLabel('Authenticator code').fill(codeAt(secret, Date.now()));
  await form.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return page;
};

const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Console sections' });
const unitCard = (page: Page, unit: string): Locator =>
  page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: unit, exact: true }) });
const walletVersion = (page: Page, version: string) => page.getByText(`Wallet version ${version}`, { exact: true });

test('release page: a release manager sees versions, rolls the wallet back and the next shopper load gets it; a refused promote shows the CLI refusal word for word', async ({
  browser,
  page: shopper,
  consoleReleaseEnv,
}) => {
  test.setTimeout(300_000);
  const name = `rel-${Date.now().toString(36)}`;

  const manager = await test.step('a release manager (made with the automation token) enrols', async () => {
    const created = await shopper.request.post('/api/admin/operator', {
      headers: { 'admin-token': consoleReleaseEnv.adminToken },
      data: { name, roles: ['release'] },
    });
    const { data } = (await created.json()) as { data: { setupCode: string } };
    return enrol(browser, consoleReleaseEnv.url, name, data.setupCode);
  });

  await test.step('the shopper is on the live wallet version', async () => {
    await shopper.goto('/');
    await passHumanVerification(shopper);
    await login(shopper, DEMO.account, DEMO.password);
    await shopper.goto('/topUp');
    await expect(walletVersion(shopper, V2)).toBeVisible({ timeout: 30_000 });
  });

  const wallet = unitCard(manager, 'mfe-wallet');
  await test.step('the release page shows each unit with its live, last good and deployed versions', async () => {
    await nav(manager).getByRole('link', { name: 'Releases' }).click();
    await expect(manager.getByRole('heading', { name: 'Releases', level: 2 })).toBeVisible();
    for (const unit of ['shell', 'mfe-catalogue', 'mfe-orders', 'mfe-wallet', 'mfe-account']) {
      await expect(manager.getByRole('heading', { name: unit, exact: true })).toBeVisible();
    }
    await expect(wallet.getByTestId('live-mfe-wallet')).toHaveText(V2);
    for (const version of [V1, V2, REFUSED])
      await expect(wallet.locator(`tr[data-row-key="${version}"]`)).toBeVisible();
    await expect(wallet.locator(`tr[data-row-key="${V1}"]`)).toContainText('Last good');
    await expect(wallet.locator(`tr[data-row-key="${REFUSED}"]`)).toContainText('Deployed past the contract check');
    // Field health (GET /api/admin/release/health) beside each remote version; the shell reports none.
    await expect(wallet.getByRole('columnheader', { name: 'Field health (last hour)' })).toBeVisible();
    await expect(
      unitCard(manager, 'shell').getByRole('columnheader', { name: 'Field health (last hour)' }),
    ).toHaveCount(0);
    await axeClean(manager, 'release page');
  });

  await test.step('the manager rolls the wallet back from the page; the release audit names the operator', async () => {
    await wallet.getByRole('button', { name: `Roll back to ${V1} (mfe-wallet)` }).click();
    const dialog = manager.getByRole('dialog', { name: 'Change what is live' });
    await expect(dialog).toContainText(`Roll mfe-wallet back to ${V1}?`);
    await axeClean(manager, 'release confirmation dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(manager.getByTestId('release-outcome')).toHaveText(`mfe-wallet rolled back from ${V2} to ${V1}.`);
    await expect(wallet.getByTestId('live-mfe-wallet')).toHaveText(V1);
    await expect(manager.getByRole('row').filter({ hasText: `rollback mfe-wallet ${V2} -> ${V1}` })).toContainText(
      `${name}@operator console`,
    );
    await axeClean(manager, 'release page after a rollback');
    const status = await consoleReleaseEnv.release('status');
    expect(status.stdout).toContain(`${name}@operator console`);
  });

  await test.step("the shopper's next load gets the rolled-back-to version", async () => {
    await expect(async () => {
      await shopper.goto('/topUp');
      await expect(walletVersion(shopper, V1)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
  });

  await test.step("a promote the contract check refuses shows the CLI's words", async () => {
    const cli = await consoleReleaseEnv.release('promote', 'wallet', REFUSED);
    expect(cli.code).toBe(1);
    const words = cli.stderr.trim().replace(/^release: /, '');
    expect(words).toContain(`mfe-wallet ${REFUSED} fails the contract check`);
    await wallet.getByRole('button', { name: `Promote mfe-wallet ${REFUSED}` }).click();
    await manager.getByRole('dialog', { name: 'Change what is live' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(manager.getByRole('alert')).toContainText('The release tool refused:');
    expect(await manager.getByTestId('release-outcome').textContent()).toBe(words);
    await expect(wallet.getByTestId('live-mfe-wallet')).toHaveText(V1);
    await axeClean(manager, 'release page with a refusal');
  });

  await test.step('the page in Simplified Chinese is axe-clean too', async () => {
    // By keyboard, as console.spec.ts does: the checked radio focused, the arrow key checks the next.
    await manager.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'English' }).focus();
    await manager.keyboard.press('ArrowRight');
    await expect(manager.getByRole('heading', { name: '版本发布', level: 2 })).toBeVisible();
    await expect(wallet.getByRole('button', { name: `发布 mfe-wallet ${V2}` })).toBeVisible();
    await axeClean(manager, 'release page (zh-cn)');
    await manager.getByRole('link', { name: '概览', exact: true }).click();
    await expect(manager.getByRole('figure').first()).toBeVisible();
    await axeClean(manager, 'dashboard with charts (zh-cn)');
  });
});
