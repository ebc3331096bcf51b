import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { LANG_COOKIE, LANGUAGES, isLanguageCode, type LanguageCode } from '@marketplace/shared/contracts';
import { helmetHeaders } from './security';

/** The hashes (`'sha256-…'`) of the inline scripts of an HTML page, for its content security policy. */
export const inlineScriptHashes = (html: string): string[] =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', code = '']) => code.length > 0 && !/\ssrc\s*=/i.test(attributes))
    .map(([, , code = '']) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);

/** The site's content security policy with `hashes` added to script-src. */
export const pagePolicy = (policy: string, hashes: readonly string[]): string =>
  hashes.length === 0 ? policy : policy.replace(/(^|;)(\s*script-src\s[^;]*)/, `$1$2 ${hashes.join(' ')}`);

const cookieValue = (cookieHeader: string | undefined, name: string): string | undefined => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
};

/**
 * The language the app will start in, when the server can tell for sure: the `Local_Lang` cookie's,
 * else the browser's first language when one of the 34 is exactly that language (`de-CH` → `ch`,
 * `ja-JP` → `jp`, `en-US` → `en`); null otherwise (`zh-TW`: the app maps it, the server does not guess).
 */
export const pageLanguage = (
  cookieHeader: string | undefined,
  acceptLanguage: string | undefined,
): LanguageCode | null => {
  const stored = cookieValue(cookieHeader, LANG_COOKIE);
  if (stored) {
    try {
      const fileName = (JSON.parse(decodeURIComponent(stored)) as { file_name?: unknown }).file_name;
      if (isLanguageCode(fileName)) return fileName;
    } catch {
      // An unreadable cookie: the app ignores it too, and so does the page.
    }
  }
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (!first) return null;
  const exact = LANGUAGES.find((lang) => lang.htmlLang.toLowerCase() === first);
  if (exact) return exact.file_name as LanguageCode;
  const primary = first.split('-')[0];
  const byPrimary = LANGUAGES.find((lang) => lang.htmlLang.toLowerCase() === primary);
  return byPrimary ? (byPrimary.file_name as LanguageCode) : null;
};

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the first paint draws of a product before the app runs: its title and (first) picture. */
export interface ProductPreview {
  title: string;
  image: string;
}

/** A product's page (`/detail/<id>`) or Home's first hot products, for the page's first paint. */
export type FirstPaintPreview = { product: ProductPreview } | { home: readonly ProductPreview[] };

/**
 * The `<meta>` the first-paint script reads (first-paint.inline.js): it also tells the script which
 * screen the page opens on, so the script names no path. Public catalogue data only.
 */
const previewMeta = (preview: FirstPaintPreview): string =>
  'product' in preview
    ? `<meta name="first-paint-product" data-title="${attribute(preview.product.title)}" data-image="${attribute(preview.product.image)}">`
    : `<meta name="first-paint-home" data-products="${attribute(JSON.stringify(preview.home.map(({ title, image }) => ({ title, image }))))}">`;

interface GateTexts {
  title: string;
  description: string;
}

/** The human check's title and description in `code`, from the shell's built `common` language file. */
const readGateTexts = (shellDir: string, code: LanguageCode): GateTexts | null => {
  for (const folder of readdirSync(shellDir).filter((name) => name.startsWith('locales'))) {
    try {
      const common = JSON.parse(readFileSync(path.join(shellDir, folder, 'common', `${code}.json`), 'utf8')) as {
        verification?: { title?: unknown; description?: unknown };
      };
      const { title, description } = common.verification ?? {};
      if (typeof title === 'string' && typeof description === 'string') return { title, description };
    } catch {
      // No such file in this folder.
    }
  }
  return null;
};

/** The `<meta>` naming the shell build of a page, and the header naming the live one (SHELL_BUILD_HEADER). */
const SHELL_BUILD_META = 'shell-build';
export const SHELL_BUILD_HEADER = 'X-Shell-Build';

/**
 * The shell's index.html as served for the app's routes, read again only when the file changes (a
 * rebuild in place). Its inline first-paint script runs under the site's policy plus that script's
 * hash, and it draws the human check's texts from a `<meta name="first-paint-gate">` the page gets
 * in the shopper's language when the server can tell it (pageLanguage).
 */
export const createShellPage = (shellDir: string, sitePolicy?: string) => {
  const file = path.join(shellDir, 'index.html');
  const basePolicy = sitePolicy ?? helmetHeaders()['content-security-policy'] ?? '';
  let cached: {
    key: string;
    html: string;
    build: string;
    policy: string;
    pages: Map<LanguageCode, string>;
  } | null = null;
  const current = () => {
    const info = statSync(file);
    const key = `${info.ino}:${info.mtimeMs}:${info.size}`;
    if (cached?.key !== key) {
      const read = readFileSync(file, 'utf8');
      const build = createHash('sha256').update(read).digest('base64url').slice(0, 16);
      // The page says which shell build it is, so an open page can tell when another one went live.
      const html = read.replace('</title>', () => `</title><meta name="${SHELL_BUILD_META}" content="${build}">`);
      cached = { key, html, build, policy: pagePolicy(basePolicy, inlineScriptHashes(html)), pages: new Map() };
    }
    return cached;
  };
  return {
    policy: () => current().policy,
    /** The served shell build (a digest of its index.html): a promote, rollback or rebuild in place changes it. */
    build: () => current().build,
    /**
     * The page and its policy for a shopper whose language is `lang` (null: unknown); on a product's
     * page or Home, with what a verified shopper's first paint draws (`<meta name="first-paint-product">`,
     * `<meta name="first-paint-home">`: public catalogue data, what the catalogue's API answers hold).
     */
    page: (lang: LanguageCode | null, preview: FirstPaintPreview | null = null): { html: string; policy: string } => {
      const { html, policy, pages } = current();
      if (!html.includes('</title>')) return { html, policy };
      let page = lang ? pages.get(lang) : html;
      if (page === undefined && lang) {
        const texts = readGateTexts(shellDir, lang);
        page = texts
          ? html.replace(
              '</title>',
              // A function, so a `$` in the texts is never read as a replacement pattern.
              () =>
                `</title><meta name="first-paint-gate" data-title="${attribute(texts.title)}" data-description="${attribute(texts.description)}">`,
            )
          : html;
        pages.set(lang, page);
      }
      const base = page ?? html;
      if (!preview) return { html: base, policy };
      return { html: base.replace('</title>', () => `</title>${previewMeta(preview)}`), policy };
    },
  };
};
