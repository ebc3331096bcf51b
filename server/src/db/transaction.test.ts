import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withRetries } from './transaction';

/*
 * One way to open a transaction (docs/decisions/0004-one-composition-root.md): every transaction of the server goes through
 * `inTransaction` (db/transaction.ts), which retries the whole transaction on a deadlock or a serialization
 * failure. This scan fails on any other source file that opens one itself (`db.transaction(`, `.transaction(`
 * on any handle, or a `BEGIN` statement in SQL text).
 */

const src = path.resolve(__dirname, '..');
const helper = path.join('db', 'transaction.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

const OPENERS: { what: string; pattern: RegExp }[] = [
  { what: 'opens a transaction on a handle', pattern: /\.transaction\s*\(/ },
  { what: 'BEGIN in SQL text', pattern: /sql(?:\.raw\(\s*)?`\s*(BEGIN|START\s+TRANSACTION)\b/i },
];

const openersIn = (file: string, text: string): string[] => {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return OPENERS.filter(({ pattern }) => pattern.test(source)).map(({ what }) => `${file}: ${what}`);
};

const files = sourceFiles(src).map((full) => path.relative(src, full));
const openersOf = (file: string) => openersIn(file, readFileSync(path.join(src, file), 'utf8'));

describe('one transaction helper', () => {
  it('no source file but db/transaction.ts opens a transaction', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => file !== helper).flatMap(openersOf)).toEqual([]);
  });

  it('the helper itself is found opening one (the scan sees what it looks for)', () => {
    expect(openersOf(helper)).toEqual([`${helper}: opens a transaction on a handle`]);
    expect(openersIn('x.ts', 'await db.transaction(async (tx) => {});')).toHaveLength(1);
    expect(openersIn('x.ts', 'await executor.execute(sql`BEGIN`);')).toHaveLength(1);
    expect(openersIn('x.ts', '// db.transaction( in a comment\nawait inTransaction(db, work);')).toEqual([]);
  });
});

describe('withRetries', () => {
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it('runs the work again after a deadlock or a serialization failure, wrapped as a cause too', async () => {
    for (const code of ['40P01', '40001']) {
      let calls = 0;
      const result = await withRetries(async () => {
        calls++;
        if (calls < 3) throw new Error('query failed', { cause: failure(code) });
        return 'done';
      });
      expect([code, result, calls]).toEqual([code, 'done', 3]);
    }
  });

  it('gives up after the attempts, and at once on any other error', async () => {
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw failure('40P01');
      }, 3),
    ).rejects.toThrow('40P01');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withRetries(async () => {
        calls++;
        throw failure('23505');
      }),
    ).rejects.toThrow('23505');
    expect(calls).toBe(1);
  });
});
