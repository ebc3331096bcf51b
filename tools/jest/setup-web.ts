import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s (the default 1 s): with every project's workers on two cores, an antd
// form's asynchronous validation took longer than 1 s to show its message (console app.test, CI load).
configure({ asyncUtilTimeout: 5_000 });

// What the build provides to the language loaders (shared/src/i18n/load-messages.ts): Rspack's public
// path, and the folder LocaleAssetsPlugin emits the language files to (`locales-<hash8>` in a build).
Object.assign(globalThis, { __webpack_public_path__: '/' });
process.env.LOCALES_DIR = 'locales';

/*
 * Language files are fetched by URL in the browser. Tests answer those URLs from the files on disk
 * through the loaders' one seam, so a test's fake `fetch` (fakeFetch, fakeApi) sees only API calls:
 * `/locales/<namespace>/<code>.json` reads the file the i18n table (tools/i18n-keys.cjs) names for
 * them; an unknown namespace or a missing file rejects, as a failed fetch does.
 */
jest.mock('../../shared/src/i18n/fetch-locale', () => {
  const { readFile } = jest.requireActual<typeof import('node:fs/promises')>('node:fs/promises');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const { NAMESPACES, localeFile } = jest.requireActual<typeof import('../i18n-keys.cjs')>('../i18n-keys.cjs');
  const root = path.resolve(__dirname, '../..');
  const read = async (url: string) => {
    const match = /^\/locales\/([\w-]+)\/([\w-]+)\.json$/.exec(url);
    if (!match?.[1] || !match[2] || !NAMESPACES.includes(match[1])) throw new Error(`no language file at ${url}`);
    return JSON.parse(await readFile(path.join(root, localeFile(match[1], match[2])), 'utf8')) as unknown;
  };
  // Like the real loader, a file read once is answered from memory (a failed read is tried again).
  const cache = new Map<string, Promise<unknown>>();
  return {
    fetchLocale: (url: string) => {
      let pending = cache.get(url);
      if (!pending) {
        pending = read(url);
        pending.catch(() => cache.delete(url));
        cache.set(url, pending);
      }
      return pending;
    },
  };
});

/*
 * antd-mobile draws toasts, dialogs and modals into <body>, outside the screen a test renders, and they
 * outlive it: without this, the next test can find the previous test's "Withdrawal Success" toast just
 * before it animates away. Every web test ends with no overlay left.
 */
if (typeof document !== 'undefined') {
  // Loaded here, not in the hook: Testing Library registers its own hooks when it is first required.
  const { clearOverlays } = jest.requireActual<typeof import('../../shared/src/testing/clear-overlays')>(
    '../../shared/src/testing/clear-overlays',
  );
  // Real timers first: a test that faked them (and restores them in its own afterEach, which runs after
  // this one) would leave the overlays' exit animation half way (seen on loaded cores).
  afterEach(async () => {
    jest.useRealTimers();
    await clearOverlays();
  });
}
