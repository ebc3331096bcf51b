/**
 * Until when this browser passed the human check (the server's HttpOnly device cookie covers every tab
 * until then), kept where every tab reads it; the first-paint script reads the same key. Only a hint to
 * open a tab without the check: the server checks the cookie itself and answers 428 when it no longer
 * holds, and the check then shows again.
 */
const DEVICE_VERIFIED_KEY = 'humanVerifiedDevice';

/** Whether this browser passed the check in any tab and the pass still holds. */
export const isDeviceVerified = (now = Date.now()): boolean => {
  try {
    const until = Date.parse(localStorage.getItem(DEVICE_VERIFIED_KEY) ?? '');
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
};

/** Keeps until when the browser's pass holds (`deviceVerifiedUntil` of the verify answer). */
export const storeDeviceVerified = (until: string | undefined): void => {
  try {
    if (until) localStorage.setItem(DEVICE_VERIFIED_KEY, until);
  } catch {
    // Storage refused (private mode): this tab still has its token.
  }
};

export const clearDeviceVerified = (): void => {
  try {
    localStorage.removeItem(DEVICE_VERIFIED_KEY);
  } catch {
    // Nothing stored.
  }
};
