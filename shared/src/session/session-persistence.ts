import type { Middleware } from '@reduxjs/toolkit';
import { removeTokenCookie, writeLanguageCookie, writeTokenCookie } from './session-cookies';
import { languageChanged, loginSucceeded, sessionCleared } from './session-slice';

/** Keeps the cookies in step with the session; reducers stay free of side effects. */
export const sessionPersistence: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (loginSucceeded.match(action)) writeTokenCookie(action.payload);
  else if (sessionCleared.match(action)) removeTokenCookie();
  else if (languageChanged.match(action)) writeLanguageCookie(action.payload);
  return result;
};
