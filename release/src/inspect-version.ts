import { routeMetaListSchema, type RouteMeta } from '@marketplace/shared/contracts';
import { parseSharedContract, SHARED_CONTRACT_FILE, type SharedContract } from './shared-contract';

/** A shared package a build requires, as its `mf-manifest.json` states it. */
export interface SharedRequirement {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

/** The parts of a remote version the release tool records and checks, and what is wrong with them. */
export interface InspectedVersion {
  /** Federation container name from `mf-manifest.json`. */
  name: string;
  entryFile: string;
  entryPresent: boolean;
  exposes: string[];
  shared: SharedRequirement[];
  /** Null when `routes.json` is missing or invalid; `routesProblem` says which. */
  routes: RouteMeta[] | null;
  routesProblem: string | null;
  /** What it was built against (`shared-contract.json`), or why that is unknown. */
  contract: SharedContract | string;
}

export class ArtifactError extends Error {
  override name = 'ArtifactError';
}

interface FederationManifest {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown } };
  exposes?: Array<{ path?: unknown }>;
  shared?: Array<{ name?: unknown; version?: unknown; requiredVersion?: unknown; singleton?: unknown }>;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Shared packages of an `mf-manifest.json` (a remote's or the shell's), sorted by name. */
export const sharedOf = (manifest: unknown): SharedRequirement[] =>
  ((manifest as FederationManifest).shared ?? [])
    .filter((entry) => typeof entry.name === 'string')
    .map((entry) => ({
      name: String(entry.name),
      version: typeof entry.version === 'string' ? entry.version : '',
      requiredVersion: typeof entry.requiredVersion === 'string' ? entry.requiredVersion : '',
      singleton: entry.singleton === true,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

/**
 * Reads a remote version through `read` (a build folder or a deployed version alike). A version
 * without a readable `mf-manifest.json` is not a federated build at all and is refused outright;
 * every other defect is reported for the contract check to judge.
 */
export const inspectVersion = async (
  read: (file: string) => Promise<string | null>,
  where: string,
  hint = '',
): Promise<InspectedVersion> => {
  const manifestText = await read('mf-manifest.json');
  if (manifestText === null) throw new ArtifactError(`${where}/mf-manifest.json is missing.${hint ? ` ${hint}` : ''}`);
  const manifest = parseJson(manifestText) as FederationManifest | undefined;
  if (!manifest || typeof manifest !== 'object' || typeof manifest.name !== 'string') {
    throw new ArtifactError(`${where}/mf-manifest.json is not a Module Federation manifest`);
  }
  const entryFile =
    typeof manifest.metaData?.remoteEntry?.name === 'string' ? manifest.metaData.remoteEntry.name : 'remoteEntry.js';
  const routesText = await read('routes.json');
  let routes: RouteMeta[] | null = null;
  let routesProblem: string | null = null;
  if (routesText === null) {
    routesProblem = 'has no route metadata (routes.json is missing)';
  } else {
    const parsed = routeMetaListSchema.safeParse(parseJson(routesText));
    if (parsed.success) routes = parsed.data;
    else routesProblem = `has invalid route metadata (routes.json is not a route list: ${parsed.error.message})`;
  }
  return {
    name: manifest.name,
    entryFile,
    entryPresent: (await read(entryFile)) !== null,
    exposes: (manifest.exposes ?? []).flatMap((expose) => (typeof expose.path === 'string' ? [expose.path] : [])),
    shared: sharedOf(manifest),
    routes,
    routesProblem,
    contract: parseSharedContract(await read(SHARED_CONTRACT_FILE)),
  };
};
