import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE, findLanguage } from '@marketplace/shared/contracts';
import type { MsgParams } from './app-error';

type Catalogue = Record<string, unknown>;

/** Every `errors` catalogue file in shared; a language without a file falls back to English. */
const loadCatalogues = (): Map<string, Catalogue> => {
  const dir = path.dirname(require.resolve('@marketplace/shared/contracts/messages/en.json'));
  const catalogues = new Map<string, Catalogue>();
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.json')) {
      catalogues.set(file.slice(0, -5), JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalogue);
    }
  }
  return catalogues;
};

type Catalogues = ReadonlyMap<string, Catalogue>;

const lookup = (catalogue: Catalogue | undefined, key: string): string | undefined => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

const pluralRules = new Map<string, Intl.PluralRules>();

/** CLDR plural category of `count` in the language: by its htmlLang (`cr` → Czech, `jp` → Japanese). */
const pluralCategory = (lang: string, count: number): Intl.LDMLPluralRule => {
  const locale = findLanguage(lang)?.htmlLang ?? 'en';
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
};

/**
 * A key in one catalogue; with a numeric `count`, its i18next plural form first (`key_few`, then
 * `key_other`), as the web app reads them.
 */
const find = (catalogues: Catalogues, lang: string, key: string, params?: MsgParams): string | undefined => {
  const catalogue = catalogues.get(lang);
  const count = params?.count;
  if (typeof count === 'number') {
    const plural =
      (count === 0 ? lookup(catalogue, `${key}_zero`) : undefined) ??
      lookup(catalogue, `${key}_${pluralCategory(lang, count)}`) ??
      lookup(catalogue, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(catalogue, key);
};

export type Translate = (key: string, params?: MsgParams) => string;

/** A translator factory over given catalogues (language → messages); the server uses the shared files. */
export const createTranslator =
  (catalogues: Catalogues) =>
  (lang: string | undefined): Translate =>
  (key, params) => {
    const text =
      find(catalogues, lang ?? DEFAULT_LANGUAGE, key, params) ?? find(catalogues, DEFAULT_LANGUAGE, key, params) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
  };

const catalogues = loadCatalogues();

export const hasMessage = (key: string): boolean =>
  lookup(catalogues.get(DEFAULT_LANGUAGE), key) !== undefined ||
  lookup(catalogues.get(DEFAULT_LANGUAGE), `${key}_other`) !== undefined;

/**
 * Every `msg` the server sends goes through here: the request's language (`lang`/`language`
 * header), else English, else the key itself.
 */
export const translator = createTranslator(catalogues);
