import { VERIFICATION_STORAGE_KEY, type VerificationToken } from '@marketplace/shared/contracts/core';

/**
 * Until when this browser passed the human check (the server's HttpOnly device cookie covers every tab
 * until then), kept where every tab reads it. Only a hint to open without the check: the server checks
 * the cookie itself and answers 428 when it no longer holds.
 */
export const DEVICE_VERIFIED_KEY = 'humanVerifiedDevice';

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

/** Whether this browser passed the check in any tab and the pass still holds. */
export const isDeviceVerified = (now = Date.now()): boolean => {
  try {
    const until = Date.parse(localStorage.getItem(DEVICE_VERIFIED_KEY) ?? '');
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
};

export const storeVerificationToken = ({
  verificationToken,
  expiresAt,
  deviceVerifiedUntil,
}: VerificationToken): void => {
  sessionStorage.setItem(VERIFICATION_STORAGE_KEY, JSON.stringify({ verificationToken, expiresAt }));
  try {
    if (deviceVerifiedUntil) localStorage.setItem(DEVICE_VERIFIED_KEY, deviceVerifiedUntil);
  } catch {
    // Storage refused (private mode): this tab still has its token.
  }
};

export const clearVerificationToken = (): void => {
  sessionStorage.removeItem(VERIFICATION_STORAGE_KEY);
  try {
    localStorage.removeItem(DEVICE_VERIFIED_KEY);
  } catch {
    // Nothing stored.
  }
};
