import { VERIFICATION_STORAGE_KEY, type VerificationToken } from '@marketplace/shared/contracts/core';

/** The token for this browser session, or null when there is none or it has expired. */
export const readVerificationToken = (now = Date.now()): VerificationToken | null => {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(VERIFICATION_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { verificationToken, expiresAt } = parsed as Partial<VerificationToken>;
    if (typeof verificationToken !== 'string' || typeof expiresAt !== 'string') return null;
    return Date.parse(expiresAt) > now ? { verificationToken, expiresAt } : null;
  } catch {
    return null;
  }
};

export const storeVerificationToken = ({ verificationToken, expiresAt }: VerificationToken): void => {
  sessionStorage.setItem(VERIFICATION_STORAGE_KEY, JSON.stringify({ verificationToken, expiresAt }));
};

export const clearVerificationToken = (): void => {
  sessionStorage.removeItem(VERIFICATION_STORAGE_KEY);
};
