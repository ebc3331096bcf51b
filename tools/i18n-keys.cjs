// Pure helpers of tools/check-i18n.mjs: find the i18n keys a source file uses and look them up.
// CommonJS so that both the checker (ESM) and the jest unit test (swc → CommonJS) can load it.
'use strict';

const NS_SEPARATOR = ':';
const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** `t('key')`, `t("key", …)`, `i18n.t('key')`, `props.t('key')`; template literals are dynamic. */
const T_CALL = /(?<![\w$])t\(\s*(['"])((?:(?!\1)[^\\\n])+)\1\s*(,[^)]*)?\)?/g;
const I18N_KEY_ATTR = /\bi18nKey\s*=\s*\{?\s*(['"])((?:(?!\1)[^\\\n])+)\1/g;
const NS_OPTION = /\bns\s*:\s*(['"])([\w-]+)\1/;
const USE_TRANSLATION = /\b(?:useTranslation|withTranslation|getFixedT)\s*\(([^)]*)\)/g;
const DECLARED = /\/\/\s*i18n-keys:\s*(.+)$/gm;
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
  for (const match of source.matchAll(DECLARED)) {
    for (const raw of match[1].split(',')) add(raw, match.index, null);
  }
  return uses;
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

module.exports = { extractKeys, extractRouteTitleKeys, extractMessageLiterals, flattenKeys, hasKey, splitKey };
