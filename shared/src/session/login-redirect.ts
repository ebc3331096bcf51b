/*
 * The round trip through /login (requirements §2.3: a page that needs a login shows "loginFirst" and
 * goes to /login), one rule for the shell's guard, an area that asks a guest to log in first, and
 * the login screen.
 */
import { links } from '../links';

/** The login, remembering the page asked for so the login returns there (`redirect`, read by the login). */
export const loginRedirect = (asked: string): string =>
  asked === '/' || asked.startsWith(links.login())
    ? links.login()
    : `${links.login()}?redirect=${encodeURIComponent(asked)}`;

/**
 * Where to go once logged in: the `redirect` page, else / (spec). Only paths inside this app are
 * followed, so a crafted link cannot lead to another site (`//evil.example`) or back to /login.
 */
export const returnPathAfterLogin = (redirect: string | null): string => {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/';
  return redirect.startsWith(links.login()) ? '/' : redirect;
};
