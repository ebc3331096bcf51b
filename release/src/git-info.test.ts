import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gitInfo, subjectsBetween } from './git-info';

/** What the release page shows of a version: its commit and the subjects it brings over the live one. */
describe('git facts of a version', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo })
      .toString()
      .trim();
  const commit = async (subject: string) => {
    await writeFile(path.join(repo, 'file.txt'), subject);
    git('add', 'file.txt');
    git('commit', '-q', '-m', subject);
    return git('rev-parse', 'HEAD');
  };

  beforeAll(async () => {
    repo = await mkdtemp(path.join(tmpdir(), 'git-info-'));
    git('init', '-q');
  });
  afterAll(() => rm(repo, { recursive: true, force: true }));

  it('lists the subjects after the live commit up to the version, newest first', async () => {
    const live = await commit('Wallet 1.0.0');
    await commit('Wallet: top-up wording');
    const next = await commit('Wallet: the bank icon');
    expect(await subjectsBetween(repo, live, next)).toEqual(['Wallet: the bank icon', 'Wallet: top-up wording']);
    expect(await subjectsBetween(repo, next, live)).toEqual([]);
    expect((await gitInfo(repo)).gitCommit).toBe(next);
  });

  it('says nothing when git cannot tell: an unknown commit, not a commit, no checkout', async () => {
    const head = git('rev-parse', 'HEAD');
    expect(await subjectsBetween(repo, 'f'.repeat(40), head)).toBeNull();
    expect(await subjectsBetween(repo, '--all', head)).toBeNull();
    expect(await subjectsBetween(tmpdir(), head, head)).toBeNull();
  });
});
