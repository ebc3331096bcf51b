import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import en from './i18n/en.json';
import zhCn from './i18n/zh-cn.json';
import { createI18n } from './i18n';

const flatten = (value: object, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) =>
      typeof child === 'object' && child !== null
        ? Object.entries(flatten(child as object, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(child)]],
    ),
  );

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/** Every key the code names: t('…') literals, the two arms of t(a ? 'x' : 'y'), and `i18n-keys:` lines. */
const usedKeys = () => {
  const keys = new Set<string>();
  for (const file of sources(__dirname)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/\bt\(\s*\w+ \? '([\w.]+)' : '([\w.]+)'/g)) {
      keys.add(match[1]!);
      keys.add(match[2]!);
    }
    for (const match of text.matchAll(/messageKey: '([\w.]+)'/g)) keys.add(match[1]!);
    for (const match of text.matchAll(/i18n-keys: ([\w.,\- ]+)/g)) {
      for (const key of match[1]!.split(',')) keys.add(key.trim());
    }
  }
  return [...keys];
};

describe('console languages', () => {
  const english = flatten(en);
  const chinese = flatten(zhCn);

  it('English and Simplified Chinese have the same keys and the same {{variables}}', () => {
    expect(Object.keys(chinese).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      const variables = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
      expect([key, variables(chinese[key]!)]).toEqual([key, variables(text)]);
    }
  });

  it('every string is translated (no Chinese text left in English)', () => {
    const same = Object.keys(english).filter((key) => chinese[key] === english[key] && /[a-z]{3}/i.test(english[key]!));
    expect(same).toEqual([]);
  });

  it('every key the code uses exists', () => {
    const used = usedKeys();
    expect(used.length).toBeGreaterThan(100);
    // A plural key (`bulk.approve` with its count) exists as its forms (`bulk.approve_one`, `bulk.approve_other`).
    expect(used.filter((key) => !(key in english) && !(`${key}_other` in english))).toEqual([]);
  });

  it('switching language changes the page language', async () => {
    const i18n = createI18n('en');
    expect(i18n.t('nav.topups')).toBe('Top-ups');
    await i18n.changeLanguage('zh-cn');
    expect(i18n.t('nav.topups')).toBe('充值审核');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
