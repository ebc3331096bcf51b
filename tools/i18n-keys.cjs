// Pure helpers of tools/check-i18n.mjs: find the i18n keys a source file uses and look them up.
// CommonJS so that both the checker (ESM) and the jest unit test (swc → CommonJS) can load it.
'use strict';

const NS_SEPARATOR = ':';
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** `t('key')`, `t("key", …)`, `i18n.t('key')`, `props.t('key')`; template literals: see `T_TEMPLATE`. */
const T_CALL = /(?<![\w$])t\(\s*(['"])((?:(?!\1)[^\\\n])+)\1\s*(,[^)]*)?\)?/g;
const I18N_KEY_ATTR = /\bi18nKey\s*=\s*\{?\s*(['"])((?:(?!\1)[^\\\n])+)\1/g;
const NS_OPTION = /\bns\s*:\s*(['"])([\w-]+)\1/;
const USE_TRANSLATION = /\b(?:useTranslation|withTranslation|getFixedT)\s*\(([^)]*)\)/g;
const DECLARED = /\/\/\s*i18n-keys:\s*(.+)$/gm;
/**
 * A template literal as the key of `t(…)` or `i18nKey={…}`, also as a branch of a conditional key:
 * `t(paid ? 'audit.status.paid' : \`audit.status.${status}\`)`. The condition may hold no brackets
 * or commas, so an options object (`t('key', { a: \`…\` })`) is never read as a key.
 */
const T_TEMPLATE =
  /(?:(?<![\w$])t\(|\bi18nKey\s*=\s*\{)\s*(?:[^()`;,{}]+?\?\s*(?:(?<q>['"])(?:(?!\k<q>)[^\\\n])*\k<q>\s*:\s*)?)?`(?<template>(?:[^`\\]|\\.)*)`/g;
const TEMPLATE_EXPRESSION = /\$\{(?:[^{}]|\{[^{}]*\})*\}/;
const STRING_LITERAL = /(['"])([\w-]+:[\w.-]+)\1/g;
const MESSAGE_LITERAL = /(['"`])((?:err|ok)\.[A-Za-z0-9_.]+)\1/g;

const lineOf = (source, index) => source.slice(0, index).split('\n').length;

const quoted = (text) => [...text.matchAll(/(['"])([\w-]+)\1/g)].map((m) => m[2]);

/** Namespaces a file selects with `useTranslation('ns')` / `useTranslation(['a', 'b'])`, if any. */
const fileNamespaces = (source) => {
  const found = [];
  for (const match of source.matchAll(USE_TRANSLATION)) {
    // getFixedT(lng, ns): the namespace is the second argument.
    const names = quoted(match[1] ?? '');
    for (const name of match[0].startsWith('getFixedT') ? names.slice(1) : names) {
      if (!found.includes(name)) found.push(name);
    }
  }
  return found;
};

/**
 * Splits `ns:key` into its namespace and key. Only a known namespace counts as a prefix, so
 * texts such as `title: value` are not misread.
 */
const splitKey = (raw, knownNamespaces) => {
  const at = raw.indexOf(NS_SEPARATOR);
  if (at > 0) {
    const ns = raw.slice(0, at);
    if (knownNamespaces.includes(ns)) return { ns, key: raw.slice(at + 1) };
  }
  return { ns: null, key: raw };
};

/**
 * Keys a source file uses: keys in `t(…)` calls and `i18nKey` props, any `'ns:key'` literal of a
 * known namespace (toast texts, title keys), and `// i18n-keys:` declarations of dynamic keys.
 * Each use lists the namespaces in which it may be found: the explicit
 * prefix or `{ ns: … }` option, else those chosen by `useTranslation(…)` in the file, else the
 * folder's default namespace.
 */
const extractKeys = (source, { defaultNs, namespaces }) => {
  const selected = fileNamespaces(source).filter((ns) => namespaces.includes(ns));
  const implicit = selected.length > 0 ? selected : [defaultNs];
  const uses = [];
  const add = (raw, index, explicitNs) => {
    const { ns, key } = splitKey(raw.trim(), namespaces);
    if (!key) return;
    const chosen = ns ?? explicitNs;
    uses.push({ key, namespaces: chosen ? [chosen] : implicit, line: lineOf(source, index) });
  };
  for (const match of source.matchAll(T_CALL)) {
    // Prefixed keys are picked up below with every other `'ns:key'` literal.
    if (splitKey(match[2], namespaces).ns) continue;
    const option = NS_OPTION.exec(match[3] ?? '');
    add(match[2], match.index, option && namespaces.includes(option[2]) ? option[2] : null);
  }
  for (const match of source.matchAll(STRING_LITERAL)) {
    if (splitKey(match[2], namespaces).ns) add(match[2], match.index, null);
  }
  for (const match of source.matchAll(I18N_KEY_ATTR)) add(match[2], match.index, null);
  // A template literal without `${…}` is a plain key: t(`title.login`).
  for (const match of source.matchAll(T_TEMPLATE)) {
    const { template } = match.groups;
    if (!template.includes('${') && /^[\w.:-]+$/.test(template)) add(template, match.index, null);
  }
  for (const match of source.matchAll(DECLARED)) {
    for (const raw of match[1].split(',')) {
      add(raw, match.index, null);
      if (uses.length > 0 && raw.trim()) uses[uses.length - 1].declared = true;
    }
  }
  return uses;
};

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Template-literal keys, `t(\`status.${order.status}\`)` and `i18nKey={\`…\`}`: their static parts
 * with each `${…}` as a wildcard. They cannot be looked up as written; the checker accepts one when
 * a `// i18n-keys:` declaration in the same file names keys it can produce, and reports it otherwise.
 * A template without `${…}` is an ordinary key and is returned by `extractKeys` instead.
 */
const extractDynamicKeys = (source, { defaultNs, namespaces }) => {
  const selected = fileNamespaces(source).filter((ns) => namespaces.includes(ns));
  const implicit = selected.length > 0 ? selected : [defaultNs];
  const found = [];
  for (const match of source.matchAll(T_TEMPLATE)) {
    const { template } = match.groups;
    if (!template.includes('${')) continue;
    const { ns, key } = splitKey(template, namespaces);
    const option = NS_OPTION.exec(source.slice(match.index + match[0].length, match.index + match[0].length + 80));
    const explicit = ns ?? (option && /^\s*,/.test(source.slice(match.index + match[0].length)) ? option[2] : null);
    const pattern = `^${key.split(TEMPLATE_EXPRESSION).map(escapeRegExp).join('.+')}$`;
    found.push({
      template: key,
      pattern,
      namespaces: explicit && namespaces.includes(explicit) ? [explicit] : implicit,
      line: lineOf(source, match.index),
    });
  }
  return found;
};

/** Static keys of a template: `${…}` parts become the given wildcard. */
const templateMatches = (use, key) => new RegExp(use.pattern).test(key);

/**
 * The template-literal keys of a file that no `// i18n-keys:` declaration covers: the gate fails on
 * each. A template is covered when a declaration anywhere in the same file names at least one key of
 * a namespace the template may use that the template can produce; every declared key is then looked
 * up like a written one, so a declaration must list every key the expression can produce (taken
 * from the type or constant that feeds it) for all of them to be checked.
 */
const undeclaredTemplates = (source, options) => {
  const declared = extractKeys(source, options).filter((use) => use.declared);
  return extractDynamicKeys(source, options).filter(
    (use) =>
      !declared.some((d) => d.namespaces.some((ns) => use.namespaces.includes(ns)) && templateMatches(use, d.key)),
  );
};

/** `titleKey` values of a remote's routes.json (always `ns:key`). */
const extractRouteTitleKeys = (routes, { defaultNs, namespaces }) =>
  (Array.isArray(routes) ? routes : [])
    .filter((route) => route && typeof route.titleKey === 'string')
    .map((route) => {
      const { ns, key } = splitKey(route.titleKey, namespaces);
      return { key, namespaces: [ns ?? defaultNs], line: 0, path: route.path };
    });

/** Every `'err.*'` / `'ok.*'` string literal: server messages that must exist in the errors catalogue. */
const extractMessageLiterals = (source) =>
  [...source.matchAll(MESSAGE_LITERAL)].map((match) => ({
    key: match[2],
    namespaces: ['errors'],
    line: lineOf(source, match.index),
  }));

/** Nested JSON keys joined with dots: `{ a: { b: 'x' } }` → `['a.b']`. */
const flattenKeys = (messages, prefix = '') =>
  Object.entries(messages ?? {}).flatMap(([name, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? flattenKeys(value, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );

/** A key resolves when it or one of its i18next plural forms (`key_one`, `key_other`, …) exists. */
const hasKey = (flatKeys, key) => flatKeys.has(key) || PLURAL_SUFFIXES.some((suffix) => flatKeys.has(key + suffix));

/** Nested JSON as a Map of dotted keys to values. */
const flattenEntries = (messages, prefix = '', out = new Map()) => {
  for (const [name, value] of Object.entries(messages ?? {})) {
    if (value && typeof value === 'object' && !Array.isArray(value)) flattenEntries(value, `${prefix}${name}.`, out);
    else out.set(`${prefix}${name}`, value);
  }
  return out;
};

/**
 * The one allow-list of texts a language may leave exactly as in English: brand and product names,
 * codes, units and words every language writes the same way (`ALLOW_IDENTICAL`), and the few real
 * words a language shares with English (`ALLOW_IDENTICAL_BY_LANGUAGE`, by the primary subtag of its
 * htmlLang, so `de` covers `ch` and `at`). Anything else that reads the same as English is reported
 * as untranslated. Keep both short: add a word only when a native speaker would write it so.
 */
const ALLOW_IDENTICAL = [
  'OK',
  'Marketplace',
  'ALTCHA',
  'USDT',
  'TRC20',
  'ERC20',
  'BTC',
  'ETH',
  'USD',
  'PayPal',
  'Visa',
  'Mastercard',
  'WhatsApp',
  'Telegram',
  'LINE',
  'Facebook',
  'Email',
  'E-mail',
  'VIP',
  'ID',
  'PIN',
  'App',
  'On-chain',
  'Status',
];
const ALLOW_IDENTICAL_BY_LANGUAGE = {
  de: ['Filter', 'Shop', 'Computer', 'Details', 'Optional', 'Services', 'Service', 'Website', 'Name', 'Online'],
  fr: ['Total', 'Suggestions', 'Description', 'Type', 'Notifications', 'Services', 'Message', 'Service', 'Contact'],
  it: ['Account', 'Password', 'Home'],
  es: ['Total', 'Subtotal', 'Error'],
  pt: ['Total', 'Subtotal', 'item'],
  nl: ['Home', 'Product', 'Service', 'Services', 'Reviews', 'Details', 'Account', 'Website', 'Contact'],
  sk: ['Filter'],
  sl: ['Filter'],
  sv: ['Filter', 'Service'],
  da: ['Subtotal', 'Type', 'Reference', 'Send', 'Service'],
  id: ['Filter', 'Total', 'Subtotal', 'Checkout'],
  ms: ['Popular', 'Checkout', 'Edit', 'item'],
  vi: ['Shop'],
};
const lower = (list) => new Set(list.map((text) => text.toLowerCase()));
const ALLOW_IDENTICAL_SET = lower(ALLOW_IDENTICAL);
const ALLOW_BY_LANGUAGE_SETS = Object.fromEntries(
  Object.entries(ALLOW_IDENTICAL_BY_LANGUAGE).map(([lang, list]) => [lang, lower(list)]),
);

/** `{{name}}` / `{{name, format}}` variables of a text, sorted and unique. */
const variablesOf = (text) =>
  [...new Set([...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();

/**
 * A value may equal English when it is an example address or link, or when each of its words
 * (variables taken out) is allow-listed, globally or for the language `htmlLang`; a text with no
 * words at all (`{{count}}`, `%`, `—`, `{{a}} / {{b}}`) is fine too.
 */
const identicalAllowed = (value, htmlLang = '') => {
  const text = String(value).trim();
  // Example addresses and links (`name@example.com`, `https://…`) are not words to translate.
  if (/^\S+@\S+\.\S+$/.test(text) || /^https?:\/\//.test(text)) return true;
  const own = ALLOW_BY_LANGUAGE_SETS[htmlLang.split('-')[0].toLowerCase()];
  // Every word must be allow-listed ("VIP {{level}}", "USDT (TRC20)"); no words at all ("{{count}}", "%") is fine.
  const words = text.replace(/\{\{[^}]*\}\}/g, ' ').match(/\p{L}[\p{L}\p{M}\p{N}'’-]*/gu) ?? [];
  return words.every((word) => ALLOW_IDENTICAL_SET.has(word.toLowerCase()) || own?.has(word.toLowerCase()));
};

const PLURAL_KEY = /_(zero|one|two|few|many|other)$/;
const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * One namespace of one language against English. `categories` are the language's CLDR plural
 * categories (`Intl.PluralRules(htmlLang).resolvedOptions().pluralCategories`). Each English plural family (`key_one`/`key_other`) must have exactly the language's
 * categories. Returns the expected key count, how many are correct and every problem found.
 */
const compareCatalogue = (en, target, { categories, htmlLang = '', isEnglish = false }) => {
  const ordered = (list) => CATEGORY_ORDER.filter((c) => list.includes(c));
  const langCategories = ordered(categories);
  const problems = [];
  const families = new Map();
  const expected = new Map();
  for (const [key, value] of en) {
    if (PLURAL_KEY.test(key)) {
      const base = key.replace(PLURAL_KEY, '');
      if (!families.has(base)) families.set(base, new Set());
      families.get(base).add(key.slice(base.length + 1));
    } else expected.set(key, value);
  }
  for (const [base, present] of families) {
    const reference = (c) =>
      en.get(`${base}_${c}`) ?? en.get(`${base}_other`) ?? [...present].map((p) => en.get(`${base}_${p}`))[0];
    for (const c of langCategories) expected.set(`${base}_${c}`, reference(c));
  }
  if (!target) {
    return { expected: expected.size, ok: 0, problems: [{ kind: 'file', key: '', detail: 'no file' }] };
  }
  let ok = 0;
  for (const [key, enValue] of expected) {
    if (!target.has(key)) {
      const base = key.replace(PLURAL_KEY, '');
      problems.push(
        PLURAL_KEY.test(key) && families.has(base)
          ? { kind: 'plural', key, detail: `missing plural form (${langCategories.map((c) => `_${c}`).join(' ')})` }
          : { kind: 'missing', key },
      );
      continue;
    }
    const value = target.get(key);
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push({ kind: 'empty', key });
      continue;
    }
    const own = variablesOf(value);
    const wanted = variablesOf(enValue);
    // A plural form may spell the number out ("one item", Arabic _zero/_one/_two): only {{count}} may go.
    const sameVariables =
      own.join() === wanted.join() ||
      (PLURAL_KEY.test(key) && own.join() === wanted.filter((v) => v !== 'count').join());
    if (!sameVariables) {
      problems.push({ kind: 'variables', key, detail: `{${own.join(', ')}} instead of {${wanted.join(', ')}}` });
      continue;
    }
    if (!isEnglish && value === enValue && !identicalAllowed(value, htmlLang)) {
      problems.push({ kind: 'identical', key, detail: JSON.stringify(value) });
      continue;
    }
    ok += 1;
  }
  for (const key of target.keys()) {
    if (expected.has(key)) continue;
    const base = key.replace(PLURAL_KEY, '');
    problems.push(
      PLURAL_KEY.test(key) && families.has(base)
        ? { kind: 'plural', key, detail: `category not used by this language (${langCategories.join(', ')})` }
        : { kind: 'extra', key },
    );
  }
  return { expected: expected.size, ok, problems };
};

/** The remotes' namespaces and their workspace folders; with `common` and `errors` every namespace. */
const REMOTE_FOLDERS = {
  catalogue: 'mfe-catalogue',
  orders: 'mfe-orders',
  wallet: 'mfe-wallet',
  account: 'mfe-account',
};
const NAMESPACES = ['common', 'errors', ...Object.keys(REMOTE_FOLDERS)];

/** Where a namespace's texts in one language live, relative to the repository root. */
const localeFile = (ns, lang) => {
  if (ns === 'common') return `shared/src/i18n/locales/${lang}/common.json`;
  if (ns === 'errors') return `shared/src/contracts/messages/${lang}.json`;
  return `${REMOTE_FOLDERS[ns]}/src/locales/${lang}.json`;
};

/** The 34 languages of the contract (`shared/src/contracts/languages.ts`, the one list), given its source. */
const readLanguages = (languagesSource) =>
  [...languagesSource.matchAll(/\bl\('([a-z-]+)', '([^']*)', '([^']*)', '([A-Za-z-]+)'/g)].map((m) => ({
    code: m[1],
    name: m[2],
    chineseName: m[3],
    htmlLang: m[4],
  }));

module.exports = {
  ALLOW_IDENTICAL,
  NAMESPACES,
  REMOTE_FOLDERS,
  localeFile,
  readLanguages,
  ALLOW_IDENTICAL_BY_LANGUAGE,
  compareCatalogue,
  extractDynamicKeys,
  extractKeys,
  extractMessageLiterals,
  extractRouteTitleKeys,
  flattenEntries,
  flattenKeys,
  hasKey,
  identicalAllowed,
  splitKey,
  templateMatches,
  undeclaredTemplates,
  variablesOf,
};
