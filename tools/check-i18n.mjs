// The i18n gate, run by `npm test` (`npm run i18n:check`):
//  1. every key used in code (t('…'), t(`…`), i18nKey, 'ns:key' literals, routes.json titles, the
//     server's 'err.*'/'ok.*' literals) exists in English and Simplified Chinese. A template-literal
//     key (t(`status.${s}`), also a branch of t(cond ? 'a' : `b.${x}`)) cannot be looked up as
//     written: a `// i18n-keys: status.0, status.1` line in its file (conventionally just above it)
//     must name every key it can produce, and those are checked like written keys; a template
//     without a declaration fails;
//  2. every language × namespace against English: missing keys, extra keys, {{variables}} kept,
//     plural families with exactly the language's CLDR categories (by its htmlLang: cr → cs), and no
//     value left identical to English unless allow-listed (tools/i18n-keys.cjs ALLOW_IDENTICAL);
//  3. a table of namespace × language % complete.
// Strict (failing) languages: all 34. `I18N_REQUIRE_ALL=0` narrows the failing set to en and zh-cn
// (plus I18N_REQUIRE=de,fr) while a new language is being written; the rest are then measured only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const {
  compareCatalogue,
  extractKeys,
  extractMessageLiterals,
  extractRouteTitleKeys,
  flattenEntries,
  hasKey,
  localeFile,
  NAMESPACES,
  readLanguages,
  REMOTE_FOLDERS: REMOTES,
  undeclaredTemplates,
} = require('./i18n-keys.cjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CODE_LANGS = ['en', 'zh-cn'];

/** The 34 codes and their htmlLang, read from the contract (the one list). */
const LANGS = readLanguages(readFileSync(path.join(root, 'shared/src/contracts/languages.ts'), 'utf8'));
if (LANGS.length !== 34) {
  console.error(`i18n check: expected 34 languages in shared/src/contracts/languages.ts, read ${LANGS.length}`);
  process.exit(1);
}

const requireAll = process.env.I18N_REQUIRE_ALL !== '0';
const requested = (process.env.I18N_REQUIRE ?? '')
  .split(',')
  .map((code) => code.trim())
  .filter(Boolean);
const STRICT = new Set(requireAll ? LANGS.map((l) => l.code) : [...CODE_LANGS, ...requested]);
for (const code of STRICT) {
  if (!LANGS.some((l) => l.code === code)) {
    console.error(`i18n check: I18N_REQUIRE names ${code}, which is not one of the 34 codes`);
    process.exit(1);
  }
}

const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const errors = [];
const warnings = [];

/** ns → lang → Map of flattened key → value, or null when the file is missing or not JSON. */
const catalogues = Object.fromEntries(
  NAMESPACES.map((ns) => [
    ns,
    Object.fromEntries(
      LANGS.map(({ code }) => {
        const file = localeFile(ns, code);
        if (!existsSync(path.join(root, file))) return [code, null];
        try {
          return [code, flattenEntries(readJson(file))];
        } catch (error) {
          (STRICT.has(code) ? errors : warnings).push(`${file}: not valid JSON (${error.message})`);
          return [code, null];
        }
      }),
    ),
  ]),
);
if (NAMESPACES.some((ns) => !catalogues[ns].en)) {
  console.error(`i18n check failed: an English catalogue is missing or unreadable.\n${errors.join('\n')}`);
  process.exit(1);
}

// ── 1. Keys used in code ────────────────────────────────────────────────────────────────────────

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
const undeclared = [];

const frontEnds = [
  { dir: 'shared/src', defaultNs: 'common' },
  { dir: 'shell/src', defaultNs: 'common' },
  ...Object.entries(REMOTES).map(([ns, folder]) => ({ dir: `${folder}/src`, defaultNs: ns })),
];
for (const { dir, defaultNs } of frontEnds) {
  for (const file of sourceFiles(dir)) {
    const source = readFileSync(path.join(root, file), 'utf8');
    record(file, extractKeys(source, { defaultNs, namespaces: NAMESPACES }));
    for (const use of undeclaredTemplates(source, { defaultNs, namespaces: NAMESPACES })) {
      undeclared.push(`${file}:${use.line}  ${use.namespaces.join('|')}:\`${use.template}\``);
    }
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

const keySets = Object.fromEntries(
  NAMESPACES.map((ns) => [
    ns,
    Object.fromEntries(CODE_LANGS.map((lang) => [lang, new Set(catalogues[ns][lang]?.keys() ?? [])])),
  ]),
);

let missingInCode = 0;
for (const [file, found] of [...uses].sort(([a], [b]) => a.localeCompare(b))) {
  const problems = new Map();
  for (const use of found) {
    const langs = CODE_LANGS.filter((lang) => !use.namespaces.some((ns) => hasKey(keySets[ns][lang], use.key)));
    if (langs.length === 0) continue;
    const label = `${use.namespaces.join('|')}:${use.key}`;
    const where = use.line ? `:${use.line}` : '';
    if (!problems.has(label)) problems.set(label, `${file}${where}  ${label}  (missing in ${langs.join(', ')})`);
  }
  for (const line of problems.values()) errors.push(`key used in code is missing: ${line}`);
  missingInCode += problems.size;
}

for (const where of undeclared) {
  errors.push(`template-literal key without an \`// i18n-keys:\` declaration of the keys it can produce: ${where}`);
}

// ── 2. Every language against English ──────────────────────────────────────────────────────────

/** lang → ns → { expected, ok, problems } */
const results = {};
for (const { code, htmlLang } of LANGS) {
  const categories = new Intl.PluralRules(htmlLang).resolvedOptions().pluralCategories;
  results[code] = {};
  for (const ns of NAMESPACES) {
    const result = compareCatalogue(catalogues[ns].en, catalogues[ns][code], {
      categories,
      htmlLang,
      isEnglish: code === 'en',
    });
    results[code][ns] = result;
    const sink = STRICT.has(code) ? errors : null;
    if (!sink) continue;
    for (const problem of result.problems) {
      const file = localeFile(ns, code);
      sink.push(
        `${file}: ${problem.kind}${problem.key ? ` ${problem.key}` : ''}${problem.detail ? ` — ${problem.detail}` : ''}`,
      );
    }
  }
}

// ── 3. Report ───────────────────────────────────────────────────────────────────────────────────

const percent = ({ expected, ok }) => (expected === 0 ? 100 : Math.floor((ok / expected) * 100));
const pad = (text, width) => String(text).padStart(width);
const header = `${'lang'.padEnd(6)}${NAMESPACES.map((ns) => pad(ns, 10)).join('')}  problems`;
const rows = LANGS.map(({ code }) => {
  const cells = NAMESPACES.map((ns) => pad(`${percent(results[code][ns])}%`, 10)).join('');
  const count = NAMESPACES.reduce((sum, ns) => sum + results[code][ns].problems.length, 0);
  const mark = STRICT.has(code) ? '*' : ' ';
  return `${(code + mark).padEnd(6)}${cells}  ${count}`;
});
console.log('Translations, % of English keys present and correct (* = required):');
console.log(header);
for (const row of rows) console.log(row);
const complete = LANGS.filter(({ code }) => NAMESPACES.every((ns) => percent(results[code][ns]) === 100)).length;
console.log(`${complete}/${LANGS.length} languages complete in all ${NAMESPACES.length} namespaces.`);

const landedIncomplete = LANGS.filter(
  ({ code }) =>
    !STRICT.has(code) &&
    NAMESPACES.some((ns) => catalogues[ns][code]) &&
    NAMESPACES.some((ns) => results[code][ns].problems.length > 0),
);
for (const { code } of landedIncomplete) {
  const kinds = {};
  for (const ns of NAMESPACES) {
    for (const problem of results[code][ns].problems) kinds[problem.kind] = (kinds[problem.kind] ?? 0) + 1;
  }
  const summary = Object.entries(kinds)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  warnings.push(`${code}: ${summary} (I18N_REQUIRE_ALL=0 I18N_REQUIRE=${code} npm run i18n:check lists them)`);
}

for (const warning of warnings) console.warn(`warning: ${warning}`);

const usedCount = [...uses.values()].reduce((sum, found) => sum + found.length, 0);
if (errors.length > 0) {
  for (const error of errors) console.error(error);
  console.error(
    `i18n check failed: ${errors.length} problem(s) (${missingInCode} key(s) used in code missing, ${undeclared.length} template-literal key(s) undeclared; required: ${[...STRICT].join(', ')}).`,
  );
  process.exit(1);
}
console.log(
  `i18n check passed: ${usedCount} key uses in ${uses.size} files resolve in en and zh-cn; ${[...STRICT].join(', ')} complete.`,
);
