import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The configured ALTCHA HMAC key, else one generated on first start and kept in DATA_DIR so
 * challenges issued before a restart still verify. Several processes must share ALTCHA_HMAC_KEY.
 */
export const resolveAltchaKey = (configured: string, dataDir: string): string => {
  if (configured) return configured;
  const file = path.join(dataDir, 'altcha-hmac.key');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, key, { mode: 0o600 });
  return key;
};
