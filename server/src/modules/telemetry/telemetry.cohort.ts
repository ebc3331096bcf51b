import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { storedManifestSchema, type StoredManifest } from '@marketplace/shared/contracts';
import type { DeployStoreConfig } from '../../plugins/external/deploy-store-config';
import type { DeployObjectReader } from '../../plugins/external/deploy-store';
import type { Cohort } from './telemetry.schemas';

const MANIFEST_FILE = 'manifest.json';

/**
 * Which cohort a reported version belongs to, by the stored deployment manifest (the release tool's, with
 * its canary): the canary version is `canary`, the live one `stable`, any other (a last good version after a
 * failure, a version just rolled back) `other`. A remote the manifest does not name is refused (null), so
 * made-up names never reach the aggregation. Read at most once a second (`recheckMs`).
 */
export const createCohortResolver = ({
  deployDir,
  deployStore,
  recheckMs = 1_000,
  now = Date.now,
}: {
  deployDir: string;
  deployStore?: DeployStoreConfig;
  recheckMs?: number;
  now?: () => number;
}) => {
  let cached: StoredManifest | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<StoredManifest | null> | null = null;
  let reader: DeployObjectReader | null = null;
  let fileKey = '';
  let etag: string | undefined;

  const fromFile = async (): Promise<StoredManifest | null> => {
    const file = path.join(deployDir, MANIFEST_FILE);
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const key = `${info.ino}:${info.mtimeMs}:${info.size}`;
    if (key === fileKey && cached) return cached;
    const manifest = storedManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    fileKey = key;
    return manifest;
  };
  const fromStore = async (config: DeployStoreConfig): Promise<StoredManifest | null> => {
    reader ??= (await import('../../plugins/external/deploy-store')).createS3DeployReader(config);
    const object = await reader.get(MANIFEST_FILE, cached ? etag : undefined);
    if (object === 'not-modified') return cached;
    if (object === null) return null;
    etag = object.etag;
    return storedManifestSchema.parse(JSON.parse(await text(object.body)));
  };
  const manifest = async (): Promise<StoredManifest | null> => {
    if (now() - checkedAt < recheckMs) return cached;
    pending ??= (deployStore ? fromStore(deployStore) : fromFile())
      .then(
        (found) => (cached = found),
        // An unreadable manifest keeps the last good one.
        () => cached,
      )
      .finally(() => {
        checkedAt = now();
        pending = null;
      });
    return pending;
  };

  return {
    async cohortOf(remote: string, version: string): Promise<Cohort | null> {
      const entry = (await manifest())?.remotes[remote];
      if (!entry) return null;
      if (entry.canary?.version === version) return 'canary';
      return entry.version === version ? 'stable' : 'other';
    },
    close() {
      reader?.close();
    },
  };
};
export type CohortResolver = ReturnType<typeof createCohortResolver>;
