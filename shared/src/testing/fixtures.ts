import { TOKEN_COOKIE, type UserInfo } from '@marketplace/shared/contracts';
import type { SessionState } from '../session/session-slice';

/** The shopper the demo seed signs in, as `GET /api/user/getUserInfo` returns them. */
export const demoUser: UserInfo = {
  id: 1,
  account: 'demo',
  familyName: 'Chen',
  givenName: 'Mei',
  email: 'demo@example.com',
  mobile: '+1 555 0100',
  balance: 100_000,
  hasPaymentCode: true,
  lang: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A signed-in session as the shell holds it after login. */
export const signedIn = (
  userInfo: UserInfo | null = demoUser,
  backData: Record<string, unknown> = {},
): SessionState => ({
  token: 'token-1',
  userInfo,
  backData,
  setting: { lang: { language_name: 'English', chinese_name: '英语', file_name: 'en' } },
});

/** The session token the browser holds in its cookie, if any. */
export const tokenCookie = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${TOKEN_COOKIE}=`))
    ?.slice(TOKEN_COOKIE.length + 1);
