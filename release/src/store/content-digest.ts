import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Files the release tool writes itself; they are not part of the build output. */
const RELEASE_FILES = new Set(['deploy.json']);

const listFiles = async (dir: string, prefix = ''): Promise<string[]> => {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? listFiles(dir, relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat();
};

/** Build files of a version folder, relative paths with `/`, sorted. */
export const listBuildFiles = async (dir: string): Promise<string[]> =>
  (await listFiles(dir)).filter((file) => !RELEASE_FILES.has(file)).sort();

/** SHA-256 over every build file's path and bytes: equal digests mean the same build. */
export const contentDigest = async (dir: string): Promise<string> => {
  const hash = createHash('sha256');
  for (const file of await listBuildFiles(dir)) {
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(await readFile(path.join(dir, file)))
        .digest(),
    );
  }
  return `sha256:${hash.digest('hex')}`;
};
