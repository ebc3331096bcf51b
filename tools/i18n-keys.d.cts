export interface KeyUse {
  key: string;
  /** The key is satisfied when any of these namespaces holds it. */
  namespaces: string[];
  line: number;
  /** Named by a `// i18n-keys:` comment rather than written in a call. */
  declared?: boolean;
}

export interface DynamicKeyUse {
  /** The template as written, without its namespace prefix: `status.${order.status}`. */
  template: string;
  /** Regular expression source the keys it can produce match. */
  pattern: string;
  namespaces: string[];
  line: number;
}

export interface CatalogueProblem {
  kind: 'file' | 'missing' | 'extra' | 'empty' | 'variables' | 'plural' | 'identical';
  key: string;
  detail?: string;
}

export interface CatalogueResult {
  expected: number;
  ok: number;
  problems: CatalogueProblem[];
}

export interface ExtractOptions {
  defaultNs: string;
  /** Every namespace the app has; only these count as a `ns:` prefix. */
  namespaces: string[];
}

export function extractKeys(source: string, options: ExtractOptions): KeyUse[];
export function extractRouteTitleKeys(routes: unknown, options: ExtractOptions): (KeyUse & { path: string })[];
export function extractMessageLiterals(source: string): KeyUse[];
export function flattenKeys(messages: unknown, prefix?: string): string[];
export function hasKey(flatKeys: ReadonlySet<string>, key: string): boolean;
export function splitKey(raw: string, knownNamespaces: string[]): { ns: string | null; key: string };
export function extractDynamicKeys(source: string, options: ExtractOptions): DynamicKeyUse[];
export function templateMatches(use: DynamicKeyUse, key: string): boolean;
export function undeclaredTemplates(source: string, options: ExtractOptions): DynamicKeyUse[];
export function flattenEntries(messages: unknown): Map<string, unknown>;
export function variablesOf(text: unknown): string[];
export function identicalAllowed(value: unknown, htmlLang?: string): boolean;
export function compareCatalogue(
  en: ReadonlyMap<string, unknown>,
  target: ReadonlyMap<string, unknown> | null,
  options: { categories: readonly string[]; htmlLang?: string; isEnglish?: boolean },
): CatalogueResult;
export const ALLOW_IDENTICAL: readonly string[];
export const ALLOW_IDENTICAL_BY_LANGUAGE: Readonly<Record<string, readonly string[]>>;

export const REMOTE_FOLDERS: Record<'catalogue' | 'orders' | 'wallet' | 'account', string>;
export const NAMESPACES: string[];
export function localeFile(ns: string, lang: string): string;
export interface ContractLanguage {
  code: string;
  name: string;
  chineseName: string;
  htmlLang: string;
}
export function readLanguages(languagesSource: string): ContractLanguage[];
