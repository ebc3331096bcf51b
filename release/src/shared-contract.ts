import semver from 'semver';
import { z } from 'zod';

/**
 * What an app build records it was built against (`shared-contract.json`, written by
 * shared/federation/shared-contract-plugin.mjs from shared/api-report/contract.json): the shared
 * package's version, surface digest and each export's signature hash, and the other singletons' versions.
 */
export const sharedContractSchema = z.object({
  app: z.object({ name: z.string(), version: z.string() }),
  shared: z.object({
    name: z.string(),
    version: z.string(),
    reportVersion: z.string().optional(),
    digest: z.string(),
    entryPoints: z.record(z.string(), z.object({ exports: z.record(z.string(), z.string()) })),
  }),
  singletons: z.record(z.string(), z.string()),
  /** App paths a remote's code links to (string and template literals), `:param` for a dynamic segment. */
  links: z.array(z.string()).optional(),
});

export type SharedContract = z.infer<typeof sharedContractSchema>;

export const SHARED_CONTRACT_FILE = 'shared-contract.json';

/** Parses a build's record; a string says why it is not usable. */
export const parseSharedContract = (text: string | null): SharedContract | string => {
  if (text === null) return `records no shared contract (${SHARED_CONTRACT_FILE} is missing: rebuild it)`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return `has an unreadable ${SHARED_CONTRACT_FILE}`;
  }
  const parsed = sharedContractSchema.safeParse(json);
  return parsed.success ? parsed.data : `has an invalid ${SHARED_CONTRACT_FILE}: ${parsed.error.issues[0]?.message}`;
};

const exportLabel = (entry: string, name: string) =>
  `${entry === '.' ? '@marketplace/shared' : `@marketplace/shared/${entry.replace(/^\.\//, '')}`} ${name}`;

/**
 * The first export `consumer` was built with that `provider` lacks or has with another signature, then the
 * first export `provider` has that `consumer` lacks; null when both have the same exports.
 */
const firstDifference = (
  consumer: SharedContract['shared'],
  provider: SharedContract['shared'],
): { kind: 'missing' | 'changed' | 'added'; export: string } | null => {
  const entries = [...new Set([...Object.keys(consumer.entryPoints), ...Object.keys(provider.entryPoints)])].sort();
  for (const entry of entries) {
    const needed = consumer.entryPoints[entry]?.exports ?? {};
    const given = provider.entryPoints[entry]?.exports ?? {};
    for (const name of Object.keys(needed).sort()) {
      if (!(name in given)) return { kind: 'missing', export: exportLabel(entry, name) };
      if (given[name] !== needed[name]) return { kind: 'changed', export: exportLabel(entry, name) };
    }
  }
  for (const entry of entries) {
    const needed = consumer.entryPoints[entry]?.exports ?? {};
    const given = provider.entryPoints[entry]?.exports ?? {};
    for (const name of Object.keys(given).sort()) {
      if (!(name in needed)) return { kind: 'added', export: exportLabel(entry, name) };
    }
  }
  return null;
};

const DIFFERENCE_TEXT = {
  missing: (name: string, provider: string) => `${name} (not in ${provider})`,
  changed: (name: string, provider: string) => `${name} (its type differs in ${provider})`,
  added: (name: string, provider: string) => `${name} (only in ${provider})`,
};

/**
 * Why an app built against `consumer` cannot run with the shared package and singletons `provider`
 * provides (a remote against the live shell); empty when it can. The rules, in shared's semver:
 * - another major: refused (the major bump says exports were removed or changed);
 * - the same version: the surfaces must be identical (a version whose surface changed lies);
 * - the consumer needs exports, or export types, the provider does not have: refused (a provider with
 *   an older minor, e.g. a shell rolled back below what a remote needs);
 * - a singleton (react, react-dom, react-router, redux toolkit, i18next, antd-mobile…) whose provided
 *   version is another major, or older than the one built against.
 * Each problem names both sides with their versions and the first incompatible export.
 */
export const sharedContractProblems = (
  consumer: SharedContract,
  provider: SharedContract,
  labels: { consumer: string; provider: string },
): string[] => {
  const problems: string[] = [];
  const c = consumer.shared;
  const p = provider.shared;
  const builtAgainst = `${labels.consumer} was built against @marketplace/shared ${c.version} (surface ${c.digest})`;
  const provides = `${labels.provider} provides @marketplace/shared ${p.version} (surface ${p.digest})`;
  const difference = firstDifference(c, p);
  const first = difference
    ? `; first incompatible export: ${DIFFERENCE_TEXT[difference.kind](difference.export, labels.provider)}`
    : '';
  const major = (version: string) => (semver.valid(version) ? semver.major(version) : version);
  if (major(c.version) !== major(p.version)) {
    problems.push(`${builtAgainst}, but ${provides}: another major version${first}`);
  } else if (c.version === p.version && c.digest !== p.digest) {
    problems.push(`${builtAgainst}, but ${provides}: the same version with another surface${first}`);
  } else if (difference && difference.kind !== 'added') {
    problems.push(`${builtAgainst}, but ${provides}, which lacks what it needs${first}`);
  }
  for (const [name, built] of Object.entries(consumer.singletons).sort(([a], [b]) => a.localeCompare(b))) {
    const given = provider.singletons[name];
    if (given === undefined || !semver.valid(built) || !semver.valid(given)) continue;
    if (semver.major(built) !== semver.major(given) || semver.lt(given, built)) {
      problems.push(
        `${labels.consumer} was built against ${name} ${built}, but ${labels.provider} provides ${name} ${given}`,
      );
    }
  }
  return problems;
};

/**
 * Whether a recorded link (`/orderInfo/:param`, `/bag`) reaches a React Router path (`/orderInfo/:id`,
 * `/detail/:product?/:mer?`, `/docs/*`); segments compare case-insensitively, as the router does.
 */
export const linkMatchesRoute = (link: string, route: string): boolean => {
  const linkSegments = link.split('/').filter(Boolean);
  const routeSegments = route.split('/').filter(Boolean);
  let at = 0;
  for (const segment of routeSegments) {
    if (segment === '*') return true;
    const optional = segment.endsWith('?');
    const name = optional ? segment.slice(0, -1) : segment;
    const given = linkSegments[at];
    if (given === undefined) {
      if (optional) continue;
      return false;
    }
    if (name.startsWith(':')) {
      at += 1;
      continue;
    }
    if (given.toLowerCase() !== name.toLowerCase()) {
      if (optional) continue;
      return false;
    }
    at += 1;
  }
  return at === linkSegments.length;
};
