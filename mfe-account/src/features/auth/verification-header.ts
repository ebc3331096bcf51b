import { VERIFICATION_HEADER, VERIFICATION_STORAGE_KEY } from '@marketplace/shared/contracts';

/**
 * Register, login and forgot-password need the human-verification token the shell's interstitial
 * stored for this browser session. Without one the server answers 428 and the shell asks again.
 */
export const verificationHeaders = (): Record<string, string> => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(VERIFICATION_STORAGE_KEY) ?? 'null') as unknown;
    const token = (stored as { verificationToken?: unknown } | null)?.verificationToken;
    return typeof token === 'string' ? { [VERIFICATION_HEADER]: token } : {};
  } catch {
    return {};
  }
};
