import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANGUAGE } from '@marketplace/shared/contracts';
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

const catalogues = loadCatalogues();

const lookup = (catalogue: Catalogue | undefined, key: string): string | undefined => {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

export const hasMessage = (key: string): boolean => lookup(catalogues.get(DEFAULT_LANGUAGE), key) !== undefined;

export type Translate = (key: string, params?: MsgParams) => string;

export const translator =
  (lang: string | undefined): Translate =>
  (key, params) => {
    const text =
      lookup(catalogues.get(lang ?? DEFAULT_LANGUAGE), key) ?? lookup(catalogues.get(DEFAULT_LANGUAGE), key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
  };
