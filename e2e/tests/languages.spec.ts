import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { DEMO, expect, login, passHumanVerification, test, type Page } from '../fixtures';
// The gate's own allow-list of texts a language may keep in English (brand names, codes, units…).
import { flattenEntries, identicalAllowed, localeFile, NAMESPACES, readLanguages } from '../../tools/i18n-keys.cjs';

/*
 * Languages (requirements §9): switching through all 34 languages leaves no English catalogue text on Home, product
 * detail, bag and profile. The English texts are read from the en catalogues at test time; a text
 * the language's own catalogue also has (a shared brand name, "OK", a cognate the gate allows) is
 * not English left behind. Product and shop content, numbers and interpolated texts are not
 * catalogue strings and are not compared. Every language must have all its files.
 */

const root = path.resolve(__dirname, '../..');
/** The 34 languages as the contract lists them (code, native name, Chinese name, htmlLang). */
const LANGUAGES = readLanguages(readFileSync(path.join(root, 'shared/src/contracts/languages.ts'), 'utf8'));
type Language = (typeof LANGUAGES)[number];

/** Every text of a language, all namespaces; a missing file fails the test that reads it. */
const values = (lang: string): string[] =>
  NAMESPACES.flatMap((ns) => [
    ...flattenEntries(JSON.parse(readFileSync(path.join(root, localeFile(ns, lang)), 'utf8'))).values(),
  ]).filter((value): value is string => typeof value === 'string');

/** English catalogue texts that could appear whole on screen: no variables, with letters. */
const ENGLISH = new Set(
  values('en')
    .map((text) => text.trim())
    .filter((text) => text.length > 1 && !text.includes('{{') && /\p{L}/u.test(text)),
);

const SCREENS = ['/home', '/detail/1', '/bag', '/profile'] as const;

/** Trimmed text of every visible text node (ignores hidden, script and style content). */
const visibleTexts = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === 'hidden' || style.display === 'none' || parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    return texts;
  });

const useLanguage = async (page: Page, language: Language) => {
  const { origin } = new URL(page.url());
  const value = JSON.stringify({
    language_name: language.name,
    chinese_name: language.chineseName,
    file_name: language.code,
  });
  await page.context().addCookies([{ name: 'Local_Lang', value: encodeURIComponent(value), url: origin }]);
};

test.describe.configure({ mode: 'serial' });

let shared: Page;
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(120_000);
  shared = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await shared.goto('/');
  await passHumanVerification(shared);
  await login(shared, DEMO.account, DEMO.password);
});
test.afterAll(async () => shared?.close());

for (const language of LANGUAGES.filter((l) => l.code !== 'en')) {
  test(`${language.code}: no English catalogue text on Home, detail, bag and profile`, async () => {
    const own = new Set(values(language.code).map((t) => t.trim()));
    const leftInEnglish = new Set(
      [...ENGLISH].filter((text) => !own.has(text) && !identicalAllowed(text, language.htmlLang)),
    );

    await useLanguage(shared, language);
    const found: string[] = [];
    for (const screen of SCREENS) {
      await shared.goto(screen);
      await expect(shared.locator('html')).toHaveAttribute('lang', language.htmlLang);
      await expect(shared.locator('main').first()).toBeVisible();
      await shared.waitForLoadState('networkidle');
      for (const text of await visibleTexts(shared)) {
        if (leftInEnglish.has(text)) found.push(`${screen}: "${text}"`);
      }
    }
    expect([...new Set(found)], `English texts on screen in ${language.code}`).toEqual([]);
  });
}

test('en: the comparison sees English texts when the language is English', async () => {
  const english = LANGUAGES.find((l) => l.code === 'en');
  if (!english) throw new Error('no English in the contract');
  await useLanguage(shared, english);
  await shared.goto('/profile');
  await expect(shared.locator('html')).toHaveAttribute('lang', 'en');
  await shared.waitForLoadState('networkidle');
  const texts = await visibleTexts(shared);
  // Proves the probe can fail: in English many catalogue texts are on screen.
  expect(texts.filter((text) => ENGLISH.has(text)).length).toBeGreaterThan(5);
});
