import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { acquirePidLock, DataDirLockedError } from './pid-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mp-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('data directory lock', () => {
  it('writes our pid and removes the file on release', () => {
    const file = path.join(dir, 'pgdata.lock');
    const release = acquirePidLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses when another live process holds the lock', () => {
    const file = path.join(dir, 'pgdata.lock');
    // The parent of this process is alive for the whole test.
    writeFileSync(file, String(process.ppid));
    expect(() => acquirePidLock(file)).toThrow(DataDirLockedError);
  });

  it('takes over a stale lock left by a dead process', () => {
    const file = path.join(dir, 'pgdata.lock');
    const finished = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(file, finished.stdout.toString());
    const release = acquirePidLock(file);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  });
});
