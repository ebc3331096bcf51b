export interface KeyUse {
  key: string;
  /** The key is satisfied when any of these namespaces holds it. */
  namespaces: string[];
  line: number;
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
