import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * One ledger writer (docs/decisions/0004-one-composition-root.md): every insert into `ledger_entries` and every change of
 * `users.balance` goes through this module (ledger.repository.ts: `post`, or the `balanceChange` and
 * `insertEntries` fragments a single statement such as orders' pay takes). This scan fails on any other
 * server file, source or test, that writes either one.
 */

const server = path.resolve(__dirname, '../../..');
const ledgerModule = path.join('src', 'modules', 'ledger');

const typeScriptFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** What counts as writing the ledger or a balance, in drizzle calls and in SQL text. */
const WRITES: { what: string; pattern: RegExp }[] = [
  { what: 'drizzle write of ledgerEntries', pattern: /\.(insert|update|delete)\(\s*ledgerEntries\b/ },
  { what: 'SQL write of ledger_entries', pattern: /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+ledger_entries\b/i },
  // `SET … balance =` in SQL text (upper-case SET: not a JavaScript `.set(`), or a SET item on its own
  // (`balance = users.balance + …`, `balance = ${…}`) in a fragment.
  {
    what: 'SQL update of balance',
    pattern: /\bSET\b[^`;]*?\bbalance\s*=(?!=)|\bbalance\s*=\s*(?:(?:users\.)?balance\b|\$\{)/,
  },
  { what: 'drizzle update of balance', pattern: /\.set\(\s*\{[^}]*\bbalance\s*:/ },
  { what: 'user inserted with a balance', pattern: /\.insert\(\s*users\s*\)\s*\.values\(\s*\{[^}]*\bbalance\s*:/ },
  { what: 'SQL insert of a balance', pattern: /\bINSERT\s+INTO\s+users\s*\([^)]*\bbalance\b/i },
];

/** `file: what` for each kind of write found in `source` (comments left out). */
const writesIn = (file: string, text: string): string[] => {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return WRITES.filter(({ pattern }) => pattern.test(source)).map(({ what }) => `${file}: ${what}`);
};

const serverFiles = ['src', 'test']
  .flatMap((dir) => typeScriptFiles(path.join(server, dir)))
  .map((full) => path.relative(server, full))
  .filter((file) => file !== path.join(ledgerModule, 'one-writer.test.ts'));

const writesOf = (file: string) => writesIn(file, readFileSync(path.join(server, file), 'utf8'));

describe('one ledger writer', () => {
  it('no server file outside modules/ledger inserts ledger entries or changes a balance', () => {
    const outside = serverFiles.filter((file) => !file.startsWith(ledgerModule + path.sep));
    expect(outside.length).toBeGreaterThan(100);
    expect(outside.flatMap(writesOf)).toEqual([]);
  });

  it('the ledger module itself is found writing both (the scan sees what it looks for)', () => {
    expect(writesOf(path.join(ledgerModule, 'ledger.repository.ts'))).toEqual([
      'src/modules/ledger/ledger.repository.ts: SQL write of ledger_entries'.replace(/\//g, path.sep),
      'src/modules/ledger/ledger.repository.ts: SQL update of balance'.replace(/\//g, path.sep),
    ]);
  });

  it.each([
    ['await tx.insert(ledgerEntries).values({ userId, amountCents: 5 });', 'drizzle write of ledgerEntries'],
    ['await db.delete(ledgerEntries).where(eq(ledgerEntries.id, 1));', 'drizzle write of ledgerEntries'],
    ['sql`INSERT INTO ledger_entries (user_id) VALUES (${id})`', 'SQL write of ledger_entries'],
    ['sql`update ledger_entries set note = ${note}`', 'SQL write of ledger_entries'],
    ['const credit = sql`balance = users.balance + ${amount}`;', 'SQL update of balance'],
    ['sql`UPDATE users SET ${other}, balance = ${value} WHERE id = ${id}`', 'SQL update of balance'],
    [
      'sql`UPDATE users SET ${pass.set}, balance = users.balance - due.total, updated_at = now()`',
      'SQL update of balance',
    ],
    ['await db.update(users).set({ vipLevel: 2, balance: 0 }).where(eq(users.id, id));', 'drizzle update of balance'],
    [
      'await t.db.insert(users).values({ account: "x", passwordHash: "y", balance: 500 });',
      'user inserted with a balance',
    ],
    ['sql`INSERT INTO users (account, password_hash, balance) VALUES (${a}, ${b}, 5)`', 'SQL insert of a balance'],
  ])('reports %s', (source, what) => {
    expect(writesIn('x.ts', source)).toEqual([`x.ts: ${what}`]);
  });

  it.each([
    ['reads', 'db.select({ balance: users.balance }).from(users); sql`SELECT balance FROM users`'],
    ['JavaScript', 'const balance = await ledger.post(tx, id, entries); if (balance === null) return;'],
    ['other columns', 'await db.update(users).set({ vipLevel: level }); sql`UPDATE users SET ${pass.set}`'],
    ['a cleared table', 'sql`TRUNCATE ledger_entries, users RESTART IDENTITY CASCADE`'],
  ])('does not report %s', (_name, source) => {
    expect(writesIn('x.ts', source)).toEqual([]);
  });
});
