import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@marketplace/shared/contracts';
import { DEFAULT_SESSION_LANGUAGE, readLanguageCookie, readTokenCookie, type SessionLanguage } from './session-cookies';

export interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /** Values a screen hands back to the screen it returns to (e.g. a chosen address). */
  backData: Record<string, unknown>;
  setting: { lang: SessionLanguage };
}

/** Read when a store is created, so a reload keeps the login and the language. */
const readInitialSession = (): SessionState => ({
  token: readTokenCookie(),
  userInfo: null,
  backData: {},
  setting: { lang: readLanguageCookie() ?? DEFAULT_SESSION_LANGUAGE },
});

export const sessionSlice = createSlice({
  name: 'session',
  initialState: readInitialSession,
  reducers: {
    /** Payload is the login response's `data.userinfo.token`. */
    loginSucceeded(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    userInfoLoaded(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    languageChanged(state, action: PayloadAction<SessionLanguage>) {
      const { language_name, chinese_name, file_name } = action.payload;
      state.setting.lang = { language_name, chinese_name, file_name };
    },
    mergeBackData(state, action: PayloadAction<Record<string, unknown>>) {
      state.backData = { ...state.backData, ...action.payload };
    },
    /** Logout, an invalid token and a password reset all end the session the same way. */
    sessionCleared(state) {
      state.token = null;
      state.userInfo = null;
    },
  },
});

export const { loginSucceeded, userInfoLoaded, languageChanged, mergeBackData, sessionCleared } = sessionSlice.actions;

type WithSession = { session: SessionState };
export const selectToken = (state: WithSession) => state.session.token;
export const selectUserInfo = (state: WithSession) => state.session.userInfo;
export const selectLang = (state: WithSession) => state.session.setting.lang;
export const selectBackData = (state: WithSession) => state.session.backData;
