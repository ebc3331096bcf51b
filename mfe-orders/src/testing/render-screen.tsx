import { type SessionState } from '@marketplace/shared';
import { createScreenRenderer } from '@marketplace/shared/testing';
import type { UserInfo } from '@marketplace/shared/contracts';
import messages from '../locales/en.json';

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

/** Renders one screen at `path` with the real store and English texts, as the shell would. */
export const renderScreen = createScreenRenderer('orders', messages);
