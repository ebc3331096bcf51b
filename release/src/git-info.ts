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

/** Commits never change: the subjects between two of them, once found, are kept (the release page asks at every load). */
const knownSubjects = new Map<string, string[]>();

/**
 * The subjects of the commits after `from` up to `to`, newest first (at most `max`): what a version brings
 * over the live one. Null when either commit is unknown here (no git checkout, a build from elsewhere).
 */
export const subjectsBetween = async (
  repoDir: string,
  from: string,
  to: string,
  max = 20,
): Promise<string[] | null> => {
  const commit = /^[0-9a-f]{7,64}$/;
  if (!commit.test(from) || !commit.test(to)) return null;
  const key = `${repoDir}\0${from}\0${to}\0${max}`;
  const known = knownSubjects.get(key);
  if (known) return known;
  try {
    const { stdout } = await run('git', ['log', `--max-count=${max}`, '--format=%s', `${from}..${to}`], {
      cwd: repoDir,
    });
    const subjects = stdout.split('\n').filter((line) => line.length > 0);
    knownSubjects.set(key, subjects);
    return subjects;
  } catch {
    return null;
  }
};
