import type { Browser, Locator } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './axe';
import { dataOf, expect, type Page } from './fixtures';

/**
 * What the console's browser tests share: operators made with the automation token and enrolled through
 * the set-up form (password and TOTP), the console's navigation, its confirmations and axe once antd's
 * transient messages are gone.
 */
/** A real PNG (the server checks uploads by their content). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DESKTOP = { width: 1366, height: 900 };
export const STEP_MS = 30_000;

interface Operator {
  name: string;
  password: string;
  secret: string;
  /** The TOTP step of the last code used: a code is accepted once. */
  step: number;
  page: Page;
}

export const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

export const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/**
 * axe: no serious or critical violation on the console page as it is now, once antd's transient messages
 * ("Top-up approved…", 3 s) have gone: axe reads one fading out at part opacity as low contrast.
 */
export const axeClean = async (page: Page, where: string) => {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(page), where).toEqual([]);
};

/** The visible tab panel of the sign-in card (the other tab's form stays in the page, hidden). */
export const panel = (page: Page): Locator => page.getByRole('tabpanel');

const consolePage = async (browser: Browser) => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
};

/** First sign-in with an admin's set-up code: password, the QR code's key, a code from it. */
export const enrol = async (browser: Browser, name: string, setupCode: string): Promise<Operator> => {
  const page = await consolePage(browser);
  const password = `${name}-correct-horse-battery`;
  await page.goto('/console/');
  await page.getByRole('tab', { name: 'Set up account' }).click();
  const form = panel(page);
  await form.getByLabel('Operator name').fill(name);
  await form.getByLabel('Set-up code').fill(setupCode);
  await form.getByLabel('New password').fill(password);
  await form.getByLabel('Repeat the password').fill(password);
  await form.getByRole('button', { name: 'Next' }).click();
  const qr = form.getByRole('img', { name: 'QR code to add this operator account to an authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const secret = (await form.getByTestId('totp-key').innerText()).trim();
  await axeClean(page, `enrolment of ${name}`);
  const at = Date.now();
  await form.getByLabel('Authenticator code').fill(codeAt(secret, at));
  await form.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return { name, password, secret, step: Math.floor(at / STEP_MS), page };
};

/** The admin creates an operator on the Operators page; answers the set-up code it shows. */
export const createOperator = async (admin: Page, name: string, role: string): Promise<string> => {
  const form = admin.locator('form[id="add-operator"]');
  await form.getByLabel('Operator name').fill(name);
  await form.getByRole('checkbox', { name: role }).check();
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(admin.getByText(`${name} was created`)).toBeVisible();
  return (await admin.getByTestId('setup-code').innerText()).trim();
};

/** The console's navigation (the dashboard's cards are links to the queues too). */
export const nav = (page: Page): Locator => page.getByRole('navigation', { name: 'Console sections' });

/** Confirms the money decision the dialog titled `title` restates. */
export const confirmDecision = async (page: Page, title: string, button = 'Approve') => {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  return dialog;
};

/** An operator with `roles`, made with the automation token and enrolled in a browser of their own. */
export const operatorWith = async (browser: Browser, page: Page, name: string, roles: string[]): Promise<Operator> => {
  const created = await dataOf<{ setupCode: string }>(
    await page.request.post('/api/admin/operator', {
      headers: { 'admin-token': process.env.E2E_ADMIN_TOKEN! },
      data: { name, roles },
    }),
  );
  return enrol(browser, name, created.setupCode);
};
