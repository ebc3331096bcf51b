import { storedSecret } from './stored-secret';

/**
 * The configured ALTCHA HMAC key, else one generated on first start and kept in DATA_DIR so
 * challenges issued before a restart still verify. Several processes must share ALTCHA_HMAC_KEY.
 */
export const resolveAltchaKey = (configured: string, dataDir: string): string =>
  configured || storedSecret(dataDir, 'altcha-hmac.key', 'hex').value;
