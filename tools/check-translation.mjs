// Checks one or more languages' translation files against English: same keys (plural keys per the
// language's CLDR plural categories), same {{variables}}, no empty values, valid JSON.
// Usage: node tools/check-translation.mjs de fr …   (no argument: every language with files)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HTML_LANG = Object.fromEntries(
  [
    ...readFileSync(path.join(root, 'shared/src/contracts/languages.ts'), 'utf8').matchAll(
      /l\('([a-z-]+)', '[^']*', '[^']*', '([A-Za-z-]+)'/g,
    ),
  ].map((m) => [m[1], m[2]]),
);
const FILES = {
  common: (l) => `shared/src/i18n/locales/${l}/common.json`,
  errors: (l) => `shared/src/contracts/messages/${l}.json`,
  catalogue: (l) => `mfe-catalogue/src/locales/${l}.json`,
  orders: (l) => `mfe-orders/src/locales/${l}.json`,
  wallet: (l) => `mfe-wallet/src/locales/${l}.json`,
  account: (l) => `mfe-account/src/locales/${l}.json`,
};
const PLURAL = /_(zero|one|two|few|many|other)$/;
const flatten = (obj, prefix = '', out = new Map()) => {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
};
const vars = (s) =>
  [...String(s).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const langs =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(HTML_LANG).filter((l) => l !== 'en');
let problems = 0;
const report = (msg) => {
  problems += 1;
  console.error(msg);
};
for (const lang of langs) {
  if (!HTML_LANG[lang]) {
    report(`${lang}: not one of the 34 codes`);
    continue;
  }
  const categories = new Intl.PluralRules(HTML_LANG[lang]).resolvedOptions().pluralCategories;
  for (const [ns, file] of Object.entries(FILES)) {
    const target = file(lang);
    if (!existsSync(path.join(root, target))) {
      report(`${lang} ${ns}: missing file ${target}`);
      continue;
    }
    let own;
    try {
      own = flatten(JSON.parse(readFileSync(path.join(root, target), 'utf8')));
    } catch (error) {
      report(`${lang} ${ns}: invalid JSON in ${target}: ${error.message}`);
      continue;
    }
    const en = flatten(JSON.parse(readFileSync(path.join(root, file('en')), 'utf8')));
    // Expected keys: English keys, with each plural family expanded to the language's categories.
    const expected = new Map();
    for (const [key, value] of en) {
      if (PLURAL.test(key)) {
        const base = key.replace(PLURAL, '');
        for (const c of categories)
          expected.set(`${base}_${c}`, en.get(`${base}_${c}`) ?? en.get(`${base}_other`) ?? value);
      } else expected.set(key, value);
    }
    for (const [key, enValue] of expected) {
      if (!own.has(key)) report(`${lang} ${ns}: missing ${key}`);
      else if (typeof own.get(key) !== 'string' || own.get(key).trim() === '') report(`${lang} ${ns}: empty ${key}`);
      else if (vars(own.get(key)) !== vars(enValue) && !(PLURAL.test(key) && vars(own.get(key)) === ''))
        report(`${lang} ${ns}: variables of ${key} are {${vars(own.get(key))}}, English has {${vars(enValue)}}`);
    }
    for (const key of own.keys()) if (!expected.has(key)) report(`${lang} ${ns}: extra key ${key}`);
  }
}
if (problems > 0) {
  console.error(`${problems} problem(s)`);
  process.exit(1);
}
console.log(`ok: ${langs.join(', ')}`);
