import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The commit a deploy came from; null outside a git checkout (e.g. an unpacked tarball). */
export const gitInfo = async (repoDir: string): Promise<{ gitCommit: string | null; gitDirty: boolean }> => {
  try {
    const { stdout: commit } = await run('git', ['rev-parse', 'HEAD'], { cwd: repoDir });
    const { stdout: status } = await run('git', ['status', '--porcelain'], { cwd: repoDir });
    return { gitCommit: commit.trim(), gitDirty: status.trim().length > 0 };
  } catch {
    return { gitCommit: null, gitDirty: false };
  }
};
