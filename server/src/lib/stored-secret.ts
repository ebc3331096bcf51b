import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secret kept in DATA_DIR/`name`, else 32 random bytes in `encoding` written there (mode 600) on first
 * use; `created` tells which. For the secrets a process makes for itself when none is configured.
 */
export const storedSecret = (
  dataDir: string,
  name: string,
  encoding: BufferEncoding,
): { value: string; file: string; created: boolean } => {
  const file = path.join(dataDir, name);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return { value: stored, file, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = randomBytes(32).toString(encoding);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, value, { mode: 0o600 });
  return { value, file, created: true };
};
