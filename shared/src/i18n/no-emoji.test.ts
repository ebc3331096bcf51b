import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * No emoji anywhere in the shopper's app (docs/requirements.md §4.2; docs/decisions/0009-shopper-app-review.md):
 * an emoji draws as an empty box where the platform has no emoji font, so icons are SVG (antd-mobile-icons or
 * inline) with an accessible name. This scans the shopper UI sources (shell, the remotes, shared), every
 * translation file and the server's search vocabulary and messages.
 */
const root = path.resolve(__dirname, '../../..');
const SOURCE = /\.(tsx?|json|css|html)$/;
const SKIP = new Set(['node_modules', 'dist', 'build', 'coverage', '.cache']);

const filesUnder = (dir: string): string[] => {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
};

/** Pictographs (emoji and the symbols that turn into emoji), the emoji presentation selector, flags. */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{1F1E6}-\u{1F1FF}]/u;
/** Pictographic code points that are ordinary text symbols in these sources (© in a footer, arrows). */
const TEXT_SYMBOLS = new Set(['©', '®', '™', '↔', '↕']);

const emojiIn = (text: string): string[] => [...text].filter((char) => EMOJI.test(char) && !TEXT_SYMBOLS.has(char));

describe('no emoji in the shopper app', () => {
  const folders = [
    'shell/src',
    'mfe-catalogue/src',
    'mfe-orders/src',
    'mfe-wallet/src',
    'mfe-account/src',
    'shared/src',
  ];
  const files = [
    ...folders.flatMap((folder) => filesUnder(path.join(root, folder))),
    ...filesUnder(path.join(root, 'server/src/modules/catalogue/vocabulary')),
  ].filter((file) => file !== __filename);

  it('scans the UI sources, the 34 translations of every remote and the search vocabulary', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.filter((file) => /[\\/]locales[\\/].+\.json$/.test(file)).length).toBeGreaterThanOrEqual(34 * 5);
    expect(files.filter((file) => file.includes(`vocabulary${path.sep}`))).toHaveLength(34);
  });

  it('finds an emoji when there is one (the check can fail)', () => {
    expect(emojiIn('Filter \u{1F50D}')).toEqual(['\u{1F50D}']);
    expect(emojiIn('\u2699\uFE0F')).toHaveLength(2);
    expect(emojiIn('Filter → ‹ © 10 × 2')).toEqual([]);
  });

  it('no UI source or translation holds an emoji', () => {
    const found = files.flatMap((file) => {
      const chars = emojiIn(readFileSync(file, 'utf8'));
      return chars.length ? [`${path.relative(root, file)}: ${chars.join(' ')}`] : [];
    });
    expect(found).toEqual([]);
  });
});
