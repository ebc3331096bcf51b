import { randomUUID } from 'node:crypto';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lock } from 'proper-lockfile';
import { contentDigest } from './content-digest';
import {
  StoreBusyError,
  StoreDocuments,
  VersionConflictError,
  storeJson,
  type AuditEntry,
  type DeployInfo,
  type DeploymentStore,
  type LiveVersion,
  type PutVersionResult,
  type StaticUnit,
  STORE_NAMES,
} from './deployment-store';

/** A holder that stops refreshing the lock (a killed process) loses it after this long. */
const LOCK_STALE_MS = 10_000;
/** How long a command waits for another one to finish: up to ~60 s in short steps. */
const LOCK_RETRIES = { retries: 600, factor: 1.2, minTimeout: 5, maxTimeout: 100 };

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

const readText = async (file: string): Promise<string | null> => {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw error;
  }
};

const readJson = async (file: string): Promise<unknown> => {
  const text = await readText(file);
  return text === null ? null : JSON.parse(text);
};

const exists = async (file: string): Promise<boolean> => {
  try {
    await stat(file);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
};

/** Flushes a folder's entry table, so a rename in it survives a power cut. */
const syncDir = async (dir: string): Promise<void> => {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Writes beside the target, flushes it to disk, then renames over the target: a rename within one
 * folder is atomic, so a reader opens the old file or the new one, never a half-written one.
 */
const writeFileAtomic = async (file: string, text: string): Promise<void> => {
  const temp = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDir(path.dirname(file));
};

const appendLineDurably = async (file: string, line: string): Promise<void> => {
  const handle = await open(file, 'a');
  try {
    await handle.appendFile(`${line}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/** The deployment store on local disk (`var/deploy`), served by the embedded server at `/mfe/`. */
export class LocalDeploymentStore extends StoreDocuments implements DeploymentStore {
  constructor(readonly rootDir: string) {
    super();
  }

  get location(): string {
    return this.rootDir;
  }

  private versionDir(folder: string, version: string): string {
    return path.join(this.rootDir, folder, version);
  }

  private stateFile(name: string): string {
    return path.join(this.rootDir, STORE_NAMES.stateDir, name);
  }

  async putVersion(sourceDir: string, info: DeployInfo, { replace = false } = {}): Promise<PutVersionResult> {
    const target = this.versionDir(info.folder, info.version);
    const existing = await exists(target);
    if (existing) {
      if ((await contentDigest(target)) === info.contentDigest) return 'unchanged';
      if (!replace) throw new VersionConflictError(info.folder, info.version, target);
    }
    // Copy into a hidden folder first so a half-copied version is never visible under its name.
    await mkdir(path.dirname(target), { recursive: true });
    const hidden = (purpose: string) => path.join(path.dirname(target), `.${info.version}.${purpose}.${randomUUID()}`);
    const staging = hidden('staging');
    try {
      await cp(sourceDir, staging, { recursive: true });
      await writeFile(path.join(staging, STORE_NAMES.deployInfo), storeJson(info));
      if (existing) {
        const previous = hidden('replaced');
        await rename(target, previous);
        await rename(staging, target);
        await rm(previous, { recursive: true, force: true });
        return 'replaced';
      }
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw error;
    }
    return 'created';
  }

  async readDeployInfo(folder: string, version: string): Promise<DeployInfo | null> {
    return (await readJson(path.join(this.versionDir(folder, version), STORE_NAMES.deployInfo))) as DeployInfo | null;
  }

  async readVersionFile(folder: string, version: string, file: string): Promise<string | null> {
    const dir = this.versionDir(folder, version);
    const target = path.resolve(dir, file);
    if (!target.startsWith(`${dir}${path.sep}`)) return null;
    return readText(target);
  }

  private async listDirs(dir: string): Promise<string[]> {
    try {
      const entries = await readdir(dir, { withFileTypes: true });
      return entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name);
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
  }

  listVersions(folder: string): Promise<string[]> {
    return this.listDirs(path.join(this.rootDir, folder));
  }

  listRemotes(): Promise<string[]> {
    return this.listDirs(this.rootDir);
  }

  protected readDocument(file: string): Promise<string | null> {
    return readText(path.join(this.rootDir, file));
  }

  protected async writeDocument(file: string, text: string): Promise<void> {
    const target = path.join(this.rootDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(target, text);
  }

  /** Points `<liveLink>` (the folder the server serves) at `<folder>/<version>`, then records it in `<liveFile>`. */
  override async writeLive(unit: StaticUnit, live: LiveVersion): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    const link = path.join(this.rootDir, unit.liveLink);
    const temp = `${link}.${randomUUID()}.tmp`;
    await symlink(path.join(unit.folder, live.version), temp, 'dir');
    await rename(temp, link);
    await super.writeLive(unit, live);
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await mkdir(path.join(this.rootDir, STORE_NAMES.stateDir), { recursive: true });
    await appendLineDurably(this.stateFile(STORE_NAMES.audit), JSON.stringify(entry));
  }

  async readAudit(): Promise<AuditEntry[]> {
    const text = await readText(this.stateFile(STORE_NAMES.audit));
    if (text === null) return [];
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    return lines.flatMap((line, index) => {
      try {
        return [JSON.parse(line) as AuditEntry];
      } catch (error) {
        // Only the last line can be cut short (a process killed mid-append); anything else is damage.
        if (index === lines.length - 1) return [];
        throw error;
      }
    });
  }

  async withLock<T>(task: () => Promise<T>): Promise<T> {
    const stateDir = path.join(this.rootDir, STORE_NAMES.stateDir);
    await mkdir(stateDir, { recursive: true });
    let release: () => Promise<void>;
    try {
      release = await lock(stateDir, {
        lockfilePath: path.join(stateDir, STORE_NAMES.lock),
        realpath: false,
        stale: LOCK_STALE_MS,
        retries: LOCK_RETRIES,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      throw new StoreBusyError(
        `another release command has held the lock on ${this.rootDir} for over a minute; try again when it ends`,
      );
    }
    try {
      return await task();
    } finally {
      await release();
    }
  }
}
