import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc1:';

/**
 * Encryption at rest of a secret the server must read back (an operator's TOTP secret): AES-256-GCM under
 * a key from the environment, so a database dump alone does not give the second factor. A stored value is
 * `enc1:` + base64url(iv | tag | ciphertext); a value without the prefix is one written before encryption
 * (read as it is, and sealed by the start-up migration).
 */
export const createSecretBox = (keyMaterial: string) => {
  const key = createHash('sha256').update(`secret-box:${keyMaterial}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    /** The plain secret; undefined when it was sealed under another key (or is damaged). */
    open(stored: string): string | undefined {
      if (!stored.startsWith(PREFIX)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
    isSealed: (stored: string) => stored.startsWith(PREFIX),
  };
};

export type SecretBox = ReturnType<typeof createSecretBox>;
