import { storedManifestSchema, type StoredManifest } from '@marketplace/shared/contracts';

/** What the release tool records beside each deployed version (`deploy.json`). */
export interface DeployInfo {
  name: string;
  folder: string;
  version: string;
  gitCommit: string | null;
  /** True when the working tree had uncommitted changes at deploy time. */
  gitDirty: boolean;
  builtAt: string;
  deployedAt: string;
  /** Digest of the build output, used to tell a re-deploy of the same build from a clash. */
  contentDigest: string;
  exposes: string[];
  shared: Array<{ name: string; version: string; requiredVersion: string; singleton: boolean }>;
  routes: unknown[];
  /** Contract problems overridden with `--force` at deploy time; absent when the check passed. */
  forcedProblems?: string[];
}

export type PutVersionResult = 'created' | 'unchanged' | 'replaced';

/** Release bookkeeping kept beside the manifest: for each remote, the versions that were live before. */
export interface ReleaseHistory {
  /** Remote folder to its earlier live versions, oldest first; the current live one is in the manifest. */
  previous: Record<string, string[]>;
}

export type AuditCommand = 'deploy' | 'promote' | 'rollback' | 'canary' | 'deploy-all';

/** One line of the audit log: who changed what, when. */
export interface AuditEntry {
  at: string;
  who: string;
  host: string;
  command: AuditCommand;
  remote: string;
  /** What the remote served before, e.g. `1.0.0` or `1.0.0 + canary 2.0.0 at 50%`; null when nothing. */
  from: string | null;
  to: string | null;
  /** Contract problems overridden with `--force`. */
  forced?: string[];
  /** Why the release manager forced it (`--reason`), required with `--force`. */
  reason?: string;
  /** A decision of `canary --auto` (docs/decisions/0003-independent-releases.md) and the figures behind it (release/src/auto-canary). */
  auto?: AutoCanaryRecord;
}

/** One step of an automated canary as the audit keeps it: the resumable state and the decision's figures. */
export interface AutoCanaryRecord {
  version: string;
  /** The canary's share before the decision and after it (0 after a rollback, 100 when promoted). */
  fromPercent: number | null;
  toPercent: number;
  decision: 'start' | 'next-step' | 'promote' | 'rollback';
  /** Counts at the start of this step (health since the step began), subtracted from later readings. */
  baseline?: { canary: { sessions: number; failures: number }; stable: { sessions: number; failures: number } };
  /** What was compared: sessions and failing sessions (load failures + errors) of each cohort since the step began. */
  canary?: { sessions: number; failures: number };
  stable?: { sessions: number; failures: number; version: string };
  /** The statistical test, its p-value and the level it was held to. */
  test?: string;
  pValue?: number;
  alpha?: number;
}

/**
 * A unit deployed as one whole static build, not a federated remote: its versions live in `<folder>/<version>/`
 * and which one is live in `<liveFile>` at the store's root (absent: the server serves its embedded build);
 * the local store also points `<liveLink>` at the live version's folder, which is what the server serves.
 */
export interface StaticUnit {
  /** Store folder of its versions, and its key in the history and audit log. */
  folder: string;
  liveFile: string;
  liveLink: string;
}

/**
 * The names both stores use, so a bucket prefix holds what a DEPLOY_DIR folder holds. Release bookkeeping
 * (history, audit log, lock) lives in a dot-folder of the store: not a remote, and not for shoppers (the server
 * must not serve dot-files under `/mfe/`).
 */
export const STORE_NAMES = {
  manifest: 'manifest.json',
  deployInfo: 'deploy.json',
  stateDir: '.release',
  history: 'history.json',
  audit: 'audit.log',
  lock: 'lock',
} as const;

/** The store folder of the shell's versions, and its key in the history and audit log. */
export const SHELL_FOLDER = 'shell';

/** The shopper shell (docs/decisions/0003-independent-releases.md): `shell.json`, served from `shell-live`. */
export const SHELL_UNIT: StaticUnit = { folder: SHELL_FOLDER, liveFile: 'shell.json', liveLink: 'shell-live' };

/** The operator console (docs/decisions/0002-operator-accounts.md): `console.json`, served at `/console` from `console-live`. */
export const CONSOLE_UNIT: StaticUnit = { folder: 'console', liveFile: 'console.json', liveLink: 'console-live' };

/** The seller centre (docs/decisions/0011-seller-accounts.md): `seller.json`, served at `/seller` from `seller-live`. */
export const SELLER_UNIT: StaticUnit = { folder: 'seller', liveFile: 'seller.json', liveLink: 'seller-live' };

/** The static units, in the order `status` lists them after the remotes. */
export const STATIC_UNITS: readonly StaticUnit[] = [SHELL_UNIT, CONSOLE_UNIT, SELLER_UNIT];

/** Which version of a static unit is live (its `liveFile`); absent: the server's embedded build. */
export interface LiveVersion {
  version: string;
  updatedAt: string;
}

/** Which shell version is live (`shell.json` at the store's root); absent: the server's embedded shell. */
export type LiveShell = LiveVersion;

/**
 * Where deployed remote versions, the live manifest, the release history and the audit log live.
 * Versions are immutable; the manifest and history are replaced as a whole; the audit log only
 * grows. Every change to them happens inside `withLock`. The local store serves the embedded
 * setup; an object-store implementation (conditional writes for the lock) serves a CDN.
 */
export interface DeploymentStore {
  /** Where the store is, for messages. */
  readonly location: string;
  /**
   * Stores a build as `<folder>/<version>/`. An identical existing build is left alone; a
   * different build under the same version is refused, since versions are immutable, unless
   * `replace` is set (a local store rebuilt without a version bump during development).
   */
  putVersion(sourceDir: string, info: DeployInfo, options?: { replace?: boolean }): Promise<PutVersionResult>;
  readDeployInfo(folder: string, version: string): Promise<DeployInfo | null>;
  /** A file of a deployed version as text, or null when it does not exist. */
  readVersionFile(folder: string, version: string, file: string): Promise<string | null>;
  listVersions(folder: string): Promise<string[]>;
  /** Remote folders that have at least one deployed version. */
  listRemotes(): Promise<string[]>;
  readManifest(): Promise<StoredManifest | null>;
  /** Replaces the manifest atomically: readers see the old one or the new one, never a mix. */
  writeManifest(manifest: StoredManifest): Promise<void>;
  readHistory(): Promise<ReleaseHistory>;
  /** Replaces the history atomically. */
  writeHistory(history: ReleaseHistory): Promise<void>;
  /** The live version of a static unit, or null when none was promoted (the server serves its embedded build). */
  readLive(unit: StaticUnit): Promise<LiveVersion | null>;
  /**
   * Makes a deployed version of a static unit live, atomically. The local store also points the unit's
   * `liveLink` at its folder (a symbolic link replaced by rename), which is what the server serves.
   */
  writeLive(unit: StaticUnit, live: LiveVersion): Promise<void>;
  /** `readLive(SHELL_UNIT)`. */
  readLiveShell(): Promise<LiveShell | null>;
  /** `writeLive(SHELL_UNIT, live)`. */
  writeLiveShell(live: LiveShell): Promise<void>;
  appendAudit(entry: AuditEntry): Promise<void>;
  readAudit(): Promise<AuditEntry[]>;
  /** Runs `task` while holding the store's lock, so concurrent release commands run one after another. */
  withLock<T>(task: () => Promise<T>): Promise<T>;
}

/** JSON as a store writes its files: indented, ending in a newline. */
export const storeJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A stored history (its parsed JSON; null when there is none): each folder with a list of versions. */
const historyFrom = (raw: unknown): ReleaseHistory => {
  const stored = raw as { previous?: unknown } | null;
  const previous: Record<string, string[]> = {};
  if (stored?.previous && typeof stored.previous === 'object') {
    for (const [folder, versions] of Object.entries(stored.previous)) {
      if (Array.isArray(versions) && versions.every((v) => typeof v === 'string')) previous[folder] = versions;
    }
  }
  return { previous };
};

/** A static unit's stored live file (its parsed JSON; null when there is none) as its live version. */
const liveFrom = (raw: unknown): LiveVersion | null => {
  const stored = raw as Partial<LiveVersion> | null;
  return typeof stored?.version === 'string'
    ? { version: stored.version, updatedAt: String(stored.updatedAt ?? '') }
    : null;
};

const parsed = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The history's path in the store. */
const HISTORY_FILE = `${STORE_NAMES.stateDir}/${STORE_NAMES.history}`;

/**
 * The documents a store replaces as a whole (the manifest, the history, a static unit's live file) as every
 * store reads and writes them: JSON, the manifest checked against its schema both ways; and the live shell,
 * the shell unit's live version. A store supplies how a document's text is read and replaced.
 */
export abstract class StoreDocuments {
  /** The text at `file` (a '/'-separated path below the store's root), or null when there is none. */
  protected abstract readDocument(file: string): Promise<string | null>;
  /** Replaces the text at `file` as a whole (readers see the old text or the new); `what` names it in messages. */
  protected abstract writeDocument(file: string, text: string, what: string): Promise<void>;

  async readManifest(): Promise<StoredManifest | null> {
    const raw = parsed(await this.readDocument(STORE_NAMES.manifest));
    return raw === null ? null : storedManifestSchema.parse(raw);
  }

  writeManifest(manifest: StoredManifest): Promise<void> {
    return this.writeDocument(STORE_NAMES.manifest, storeJson(storedManifestSchema.parse(manifest)), 'the manifest');
  }

  async readHistory(): Promise<ReleaseHistory> {
    return historyFrom(parsed(await this.readDocument(HISTORY_FILE)));
  }

  writeHistory(history: ReleaseHistory): Promise<void> {
    return this.writeDocument(HISTORY_FILE, storeJson(history), 'the history');
  }

  async readLive(unit: StaticUnit): Promise<LiveVersion | null> {
    return liveFrom(parsed(await this.readDocument(unit.liveFile)));
  }

  writeLive(unit: StaticUnit, live: LiveVersion): Promise<void> {
    return this.writeDocument(unit.liveFile, storeJson(live), `the live ${unit.folder}`);
  }

  readLiveShell(): Promise<LiveShell | null> {
    return this.readLive(SHELL_UNIT);
  }

  writeLiveShell(live: LiveShell): Promise<void> {
    return this.writeLive(SHELL_UNIT, live);
  }
}

export class VersionConflictError extends Error {
  /** @param location where the deployed copy is, so a developer can remove a local one on purpose */
  constructor(folder: string, version: string, location?: string) {
    super(
      `${folder} ${version} is already deployed with different content. Deployed versions are immutable: ` +
        `bump the version in ${folder}/package.json (or set VERSION) and build again.` +
        (location ? ` In a local development store, deploy with --replace (or delete ${location}).` : ''),
    );
    this.name = 'VersionConflictError';
  }
}

/** Another release command held the store's lock for longer than we were willing to wait. */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
}
