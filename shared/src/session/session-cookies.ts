import Cookies from 'js-cookie';
import {
  COOKIE_DAYS,
  DEFAULT_LANGUAGE,
  LANG_COOKIE,
  TOKEN_COOKIE,
  findLanguage,
  isLanguageCode,
} from '@marketplace/shared/contracts/core';

/** The language choice as stored in the session and in the `Local_Lang` cookie (requirements §3.1). */
export interface SessionLanguage {
  language_name: string;
  chinese_name: string;
  file_name: string;
}

/**
 * The name, path and 3-day life of requirements §3.1; `SameSite=Lax` keeps other sites' requests from carrying the
 * token, and `Secure` keeps it off plain HTTP whenever the page itself is served over HTTPS.
 */
export const cookieOptions = (
  protocol = typeof location === 'undefined' ? '' : location.protocol,
): Cookies.CookieAttributes => ({
  expires: COOKIE_DAYS,
  path: '/',
  sameSite: 'Lax',
  secure: protocol === 'https:',
});

const toSessionLanguage = ({ language_name, chinese_name, file_name }: SessionLanguage): SessionLanguage => ({
  language_name,
  chinese_name,
  file_name,
});

const english = findLanguage(DEFAULT_LANGUAGE);
export const DEFAULT_SESSION_LANGUAGE: SessionLanguage = english
  ? toSessionLanguage(english)
  : { language_name: 'English', chinese_name: '英语', file_name: DEFAULT_LANGUAGE };

export const readTokenCookie = (): string | null => Cookies.get(TOKEN_COOKIE) || null;

export const writeTokenCookie = (token: string): void => {
  Cookies.set(TOKEN_COOKIE, token, cookieOptions());
};

export const removeTokenCookie = (): void => {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
};

/** A cookie written by an older build or by hand must not break start-up: anything unreadable is ignored. */
export const readLanguageCookie = (): SessionLanguage | null => {
  const raw = Cookies.get(LANG_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { file_name, language_name, chinese_name } = parsed as Record<string, unknown>;
    if (!isLanguageCode(file_name)) return null;
    const known = findLanguage(file_name);
    return {
      file_name,
      language_name: typeof language_name === 'string' ? language_name : (known?.language_name ?? file_name),
      chinese_name: typeof chinese_name === 'string' ? chinese_name : (known?.chinese_name ?? file_name),
    };
  } catch {
    return null;
  }
};

export const writeLanguageCookie = (lang: SessionLanguage): void => {
  Cookies.set(LANG_COOKIE, JSON.stringify(toSessionLanguage(lang)), cookieOptions());
};
