/** Business constants of requirements §14 and the request rules of §12 and §13. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 10_000;
export const REPEAT_SUBMIT_WINDOW_MS = 1_000;
export const TOAST_DURATION_MS = 1_200;
export const COOKIE_DAYS = 3;
export const TOKEN_COOKIE = 'Admin-Token';
export const LANG_COOKIE = 'Local_Lang';
export const HISTORY_STORAGE_KEY = 'historyPaths';
export const LAST_WRITE_STORAGE_KEY = 'sessionObj';
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_PAYMENT_CODE_LENGTH = 6;
export const PAYMENT_CODE_MAX_FAILURES = 5;
export const PAYMENT_CODE_LOCK_MINUTES = 30;
export const TOKEN_TTL_MS = COOKIE_DAYS * 24 * 60 * 60 * 1000;

/** Response codes of the `{ code, msg, data }` envelope. */
export const ResponseCode = {
  SUCCESS: 1,
  FAIL: 0,
  UNAUTHORIZED: 401,
  /** The call needs a fresh human-verification token (ALTCHA). */
  VERIFICATION_REQUIRED: 428,
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

/** Header that carries the human-verification token on register, login and forgot-password. */
export const VERIFICATION_HEADER = 'human-verification';
/** Session storage key holding the verification token for this browser session. */
export const VERIFICATION_STORAGE_KEY = 'humanVerification';
