// Fails when a translation key used in code is missing from the English or Simplified Chinese
// texts; warns about English keys that have no Chinese text yet. Run by `npm test`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { extractKeys, extractMessageLiterals, extractRouteTitleKeys, flattenKeys, hasKey } = require('./i18n-keys.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REQUIRED_LANGS = ['en', 'zh-cn'];
const REMOTES = { catalogue: 'mfe-catalogue', orders: 'mfe-orders', wallet: 'mfe-wallet', account: 'mfe-account' };
const NAMESPACES = ['common', 'errors', ...Object.keys(REMOTES)];

const localeFile = (ns, lang) => {
  if (ns === 'common') return `shared/src/i18n/locales/${lang}/common.json`;
  if (ns === 'errors') return `shared/src/contracts/messages/${lang}.json`;
  return `${REMOTES[ns]}/src/locales/${lang}.json`;
};

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** ns → lang → Set of flattened keys; a missing file is an empty catalogue. */
const catalogues = Object.fromEntries(
  NAMESPACES.map((ns) => [
    ns,
    Object.fromEntries(
      REQUIRED_LANGS.map((lang) => {
        const file = localeFile(ns, lang);
        return [lang, new Set(existsSync(path.join(root, file)) ? flattenKeys(readJson(file)) : [])];
      }),
    ),
  ]),
);

const sourceFiles = (dir) => {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .filter((entry) => !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
};

/** file → key uses found in it. */
const uses = new Map();
const record = (file, found) => {
  if (found.length > 0) uses.set(file, [...(uses.get(file) ?? []), ...found]);
};

const frontEnds = [
  { dir: 'shared/src', defaultNs: 'common' },
  { dir: 'shell/src', defaultNs: 'common' },
  ...Object.entries(REMOTES).map(([ns, folder]) => ({ dir: `${folder}/src`, defaultNs: ns })),
];
for (const { dir, defaultNs } of frontEnds) {
  for (const file of sourceFiles(dir)) {
    record(file, extractKeys(readFileSync(path.join(root, file), 'utf8'), { defaultNs, namespaces: NAMESPACES }));
  }
}
for (const [ns, folder] of Object.entries(REMOTES)) {
  const file = `${folder}/src/expose/routes.json`;
  if (existsSync(path.join(root, file))) {
    record(file, extractRouteTitleKeys(readJson(file), { defaultNs: ns, namespaces: NAMESPACES }));
  }
}
for (const file of [...sourceFiles('server/src'), ...sourceFiles('shared/src/contracts')]) {
  record(file, extractMessageLiterals(readFileSync(path.join(root, file), 'utf8')));
}

let missingCount = 0;
for (const [file, found] of [...uses].sort(([a], [b]) => a.localeCompare(b))) {
  const problems = new Map();
  for (const use of found) {
    const langs = REQUIRED_LANGS.filter((lang) => !use.namespaces.some((ns) => hasKey(catalogues[ns][lang], use.key)));
    if (langs.length === 0) continue;
    const label = `${use.namespaces.join('|')}:${use.key}`;
    const where = use.line ? `:${use.line}` : '';
    if (!problems.has(label)) problems.set(label, `  ${file}${where}  ${label}  (missing in ${langs.join(', ')})`);
  }
  if (problems.size > 0) {
    console.error(`${file}:`);
    for (const line of problems.values()) console.error(line);
    missingCount += problems.size;
  }
}

for (const ns of NAMESPACES) {
  const untranslated = [...catalogues[ns].en].filter((key) => !catalogues[ns]['zh-cn'].has(key));
  if (untranslated.length > 0) {
    console.warn(
      `warning: ${untranslated.length} ${ns} key(s) have English but no zh-cn text (${localeFile(ns, 'zh-cn')}):`,
    );
    console.warn(`  ${untranslated.join(', ')}`);
  }
}

const usedCount = [...uses.values()].reduce((sum, found) => sum + found.length, 0);
if (missingCount > 0) {
  console.error(`i18n check failed: ${missingCount} key(s) used in code are missing from en or zh-cn.`);
  process.exit(1);
}
console.log(`i18n check passed: ${usedCount} key uses in ${uses.size} files resolve in en and zh-cn.`);
