import Cookies from 'js-cookie';
import type { UserInfo } from '@marketplace/shared/contracts';
import { resetBrowserState } from '../testing/reset-browser-state';
import {
  languageChanged,
  loginSucceeded,
  mergeBackData,
  selectLang,
  selectToken,
  selectUserInfo,
  sessionCleared,
  userInfoLoaded,
} from './session-slice';
import { createAppStore } from './store';

const demo: UserInfo = {
  id: 1,
  account: 'demo',
  familyName: 'Demo',
  givenName: 'Shopper',
  email: 'demo@example.com',
  mobile: '',
  balance: 100_000,
  hasPaymentCode: true,
  lang: 'en',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const chinese = { language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-cn' };
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(() => {
  resetBrowserState();
  jest.restoreAllMocks();
});

describe('session (requirements §3.1)', () => {
  it('starts logged out in English ("en") when no cookie is stored', () => {
    const state = createAppStore().getState();
    expect(selectToken(state)).toBeNull();
    expect(selectUserInfo(state)).toBeNull();
    expect(selectLang(state)).toEqual({ language_name: 'English', chinese_name: '英语', file_name: 'en' });
    expect(state.session.backData).toEqual({});
  });

  it('stores the login token in the Admin-Token cookie for 3 days at path /', () => {
    const set = jest.spyOn(Cookies, 'set');
    const store = createAppStore();
    store.dispatch(loginSucceeded('tok-1'));
    expect(selectToken(store.getState())).toBe('tok-1');
    expect(set).toHaveBeenCalledWith('Admin-Token', 'tok-1', { expires: 3, path: '/', sameSite: 'Lax', secure: false });
    expect(Cookies.get('Admin-Token')).toBe('tok-1');
  });

  it('marks the cookies Secure when the page is served over HTTPS', async () => {
    const { cookieOptions } = await import('./session-cookies');
    expect(cookieOptions('https:')).toEqual({ expires: 3, path: '/', sameSite: 'Lax', secure: true });
    // jsdom serves the tests over http://localhost: no Secure there.
    expect(cookieOptions().secure).toBe(false);
  });

  it('reads the token back from the cookie when a new store starts (a reload)', () => {
    createAppStore().dispatch(loginSucceeded('tok-2'));
    expect(selectToken(createAppStore().getState())).toBe('tok-2');
  });

  it('keeps the language as JSON in the Local_Lang cookie for 3 days at path /', () => {
    const set = jest.spyOn(Cookies, 'set');
    const store = createAppStore();
    store.dispatch(languageChanged(chinese));
    expect(selectLang(store.getState())).toEqual(chinese);
    expect(set).toHaveBeenCalledWith('Local_Lang', JSON.stringify(chinese), {
      expires: 3,
      path: '/',
      sameSite: 'Lax',
      secure: false,
    });
    expect(selectLang(createAppStore().getState())).toEqual(chinese);
  });

  it('sets the cookies to expire 3 days from now', () => {
    const written: string[] = [];
    jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => written.push(value));
    const store = createAppStore();
    store.dispatch(loginSucceeded('tok-3'));
    store.dispatch(languageChanged(chinese));
    for (const cookie of written) {
      const expires = Date.parse(/expires=([^;]+)/.exec(cookie)?.[1] ?? '');
      expect(Math.abs(expires - (Date.now() + 3 * DAY_MS))).toBeLessThan(60_000);
      expect(cookie).toContain('path=/');
      expect(cookie).toContain('sameSite=Lax');
    }
    expect(written.map((cookie) => cookie.split('=')[0])).toEqual(['Admin-Token', 'Local_Lang']);
  });

  it('ignores an unreadable or unknown Local_Lang cookie and falls back to English', () => {
    Cookies.set('Local_Lang', '{broken', { path: '/' });
    expect(selectLang(createAppStore().getState()).file_name).toBe('en');
    Cookies.set('Local_Lang', JSON.stringify({ file_name: 'xx' }), { path: '/' });
    expect(selectLang(createAppStore().getState()).file_name).toBe('en');
  });

  it('clears token, user info and the token cookie on sessionCleared, keeping the language', () => {
    const store = createAppStore();
    store.dispatch(loginSucceeded('tok-4'));
    store.dispatch(userInfoLoaded(demo));
    store.dispatch(languageChanged(chinese));
    expect(selectUserInfo(store.getState())).toEqual(demo);

    store.dispatch(sessionCleared());

    expect(selectToken(store.getState())).toBeNull();
    expect(selectUserInfo(store.getState())).toBeNull();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(selectLang(store.getState())).toEqual(chinese);
  });

  it('merges backData key by key', () => {
    const store = createAppStore();
    store.dispatch(mergeBackData({ addressId: 3 }));
    store.dispatch(mergeBackData({ promoCode: 'SPRING' }));
    store.dispatch(mergeBackData({ addressId: 5 }));
    expect(store.getState().session.backData).toEqual({ addressId: 5, promoCode: 'SPRING' });
  });
});
