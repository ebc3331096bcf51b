import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The mails the e2e server wrote to `address` (its DATA_DIR: E2E_DATA_DIR, else this run's temp folders), oldest first. */
export const mailsTo = (address: string): string[] => {
  const dataDirs = process.env.E2E_DATA_DIR
    ? [process.env.E2E_DATA_DIR]
    : readdirSync(tmpdir())
        .filter((name) => name.startsWith('marketplace-run-'))
        .map((name) => path.join(tmpdir(), name, 'data'));
  return dataDirs.flatMap((dataDir) => {
    try {
      return readdirSync(path.join(dataDir, 'outbox'))
        .sort()
        .map((file) => readFileSync(path.join(dataDir, 'outbox', file), 'utf8'))
        .filter((text) => text.startsWith(`To: ${address}\n`));
    } catch {
      return [];
    }
  });
};
