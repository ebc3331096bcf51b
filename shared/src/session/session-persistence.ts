import type { Middleware } from '@reduxjs/toolkit';
import { forgetLastSeen } from '../api/last-seen';
import { removeTokenCookie, writeLanguageCookie, writeTokenCookie } from './session-cookies';
import { languageChanged, loginSucceeded, sessionCleared } from './session-slice';

/** Keeps the cookies (and the offline copies) in step with the session; reducers stay free of side effects. */
export const sessionPersistence: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (loginSucceeded.match(action)) writeTokenCookie(action.payload);
  else if (sessionCleared.match(action)) {
    removeTokenCookie();
    // The bag, orders and addresses kept for offline use leave with the session.
    void forgetLastSeen();
  } else if (languageChanged.match(action)) writeLanguageCookie(action.payload);
  return result;
};
