// The shell's installable-app files, written into its build folder after rspack (see rspack.config.mjs):
// the web app manifests (one per language: name, short name and shortcut names in that language),
// the head tags that point at them (and iOS's), and the service worker (sw.ts bundled by esbuild, the
// shell's files listed into it by Workbox's injectManifest).
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTypeScript } from '@marketplace/shared/federation';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.join(here, '../../shared/src/i18n/locales');

const THEME_COLOR = '#0958d9';
const BACKGROUND_COLOR = '#f5f5f5';
const MANIFEST_PATH = '/manifest.webmanifest';

const RTL = new Set(['ar', 'pk']);

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The shared links module (shared/src/links.ts), the one place the shell may name a path a remote owns,
 * loaded as the remotes' route modules are (TypeScript, in Node).
 */
const loadLinks = async () => (await loadTypeScript(path.join(here, '../../shared/src/links.ts'))).links;

const webAppManifest = (lang, common, links) => ({
  id: '/',
  name: common.appName,
  short_name: common.appName,
  description: common.pwa.description,
  lang,
  dir: RTL.has(lang) ? 'rtl' : 'ltr',
  start_url: links.homeTab(),
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: ICONS,
  shortcuts: [
    { name: common.tab.bag, short_name: common.tab.bag, url: links.bag(), icons: [ICONS[0]] },
    { name: common.pwa.myPurchases, short_name: common.pwa.myPurchases, url: links.orders(), icons: [ICONS[0]] },
  ],
});

/** Writes `manifest.webmanifest` (English) and `manifests/<lang>.webmanifest` for each language. */
export const writeWebAppManifests = async (distDir) => {
  const links = await loadLinks();
  mkdirSync(path.join(distDir, 'manifests'), { recursive: true });
  for (const lang of readdirSync(localesDir)) {
    const common = JSON.parse(readFileSync(path.join(localesDir, lang, 'common.json'), 'utf8'));
    const body = `${JSON.stringify(webAppManifest(lang, common, links))}\n`;
    writeFileSync(path.join(distDir, 'manifests', `${lang}.webmanifest`), body);
    if (lang === 'en') writeFileSync(path.join(distDir, 'manifest.webmanifest'), body);
  }
};

/** Text for an HTML attribute. */
const attribute = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const englishCommon = () => JSON.parse(readFileSync(path.join(localesDir, 'en', 'common.json'), 'utf8'));

/**
 * The head tags of an installable app, for browsers (manifest, theme colour) and iOS Safari, and the
 * page's description (search results, share sheets) in English, as the page's title.
 */
const PWA_HEAD_TAGS =
  `<meta name="description" content="${attribute(englishCommon().pwa.description)}" />` +
  `<link rel="manifest" href="${MANIFEST_PATH}" />` +
  `<meta name="theme-color" content="${THEME_COLOR}" />` +
  '<meta name="mobile-web-app-capable" content="yes" />' +
  '<meta name="apple-mobile-web-app-capable" content="yes" />' +
  '<meta name="apple-mobile-web-app-status-bar-style" content="default" />' +
  '<meta name="apple-mobile-web-app-title" content="Marketplace" />' +
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />';

/** index.html with the tags above in its head (once). */
export const addHeadTags = (html) =>
  html.includes('rel="manifest"') ? html : html.replace('</title>', () => `</title>${PWA_HEAD_TAGS}`);

/**
 * Bundles the worker and lists the shell's files into it. `version` is the shell build's; a build with
 * other files (or another version) is a new worker, which browsers install and the app offers as an update.
 */
export const generateServiceWorker = async ({ distDir, version }) => {
  const [{ build }, { injectManifest }] = await Promise.all([import('esbuild'), import('workbox-build')]);
  const work = path.join(tmpdir(), `marketplace-sw-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  const bundled = path.join(work, 'sw.js');
  try {
    await build({
      entryPoints: [path.join(here, 'sw.ts')],
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'chrome100',
      outfile: bundled,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      banner: { js: `/* Marketplace shell ${version} */` },
      logLevel: 'warning',
    });
    const { count, size, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: path.join(distDir, 'sw.js'),
      globDirectory: distDir,
      // The shell's scripts and styles (content-hashed) and index.html, the page shown offline for a
      // path never visited. Language files are cached per language when used, pictures when seen.
      globPatterns: ['*.{js,css}', 'index.html'],
      globIgnores: ['sw.js'],
      modifyURLPrefix: { '': '/' },
      dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.(?:js|css)$/,
      maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    });
    for (const warning of warnings) console.warn(`service worker: ${warning}`);
    return { count, size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};
