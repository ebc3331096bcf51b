import { Toast } from 'antd-mobile';
import { VERIFICATION_HEADER } from '@marketplace/shared/contracts';
import { languageChanged, loginSucceeded } from '../session/session-slice';
import { storeVerificationToken } from '../session/verification-token';
import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse, sent } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';

beforeAll(() => initTestI18n());
beforeEach(() => {
  resetBrowserState();
  jest.spyOn(Toast, 'show');
});
afterEach(() => jest.restoreAllMocks());

describe('request headers (requirements §12.1)', () => {
  it('sends every call to the API base /api', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(new URL(sent(requests).url).pathname).toBe('/api/user/getUserInfo');
  });

  it('sends lang and language as the current language file name, English "en" by default', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, '/user/language_list');
    expect(sent(requests, 0).headers.get('lang')).toBe('en');
    expect(sent(requests, 0).headers.get('language')).toBe('en');

    store.dispatch(languageChanged({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-cn' }));
    await sendProbe(store, '/user/language_list');
    expect(sent(requests, 1).headers.get('lang')).toBe('zh-cn');
    expect(sent(requests, 1).headers.get('language')).toBe('zh-cn');
  });

  it('sends the token header only when a token is held', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, '/user/getUserInfo');
    expect(sent(requests, 0).headers.has('token')).toBe(false);

    store.dispatch(loginSucceeded('tok-123'));
    await sendProbe(store, '/user/getUserInfo');
    expect(sent(requests, 1).headers.get('token')).toBe('tok-123');
  });

  it('sends the human-verification token of this browser session when one is held', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, '/user/language_list');
    expect(sent(requests, 0).headers.has(VERIFICATION_HEADER)).toBe(false);

    storeVerificationToken({ verificationToken: 'hv-1', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await sendProbe(store, '/user/language_list');
    expect(sent(requests, 1).headers.get(VERIFICATION_HEADER)).toBe('hv-1');
  });

  it('omits the token when the isToken header is false, and never sends the pseudo-headers', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    store.dispatch(loginSucceeded('tok-123'));
    await sendProbe(store, {
      url: '/user/login',
      method: 'POST',
      body: { account: 'demo', password: 'demo123' },
      headers: { isToken: 'false', repeatSubmit: 'false' },
    });
    const request = sent(requests);
    expect(request.headers.has('token')).toBe(false);
    expect(request.headers.has('isToken')).toBe(false);
    expect(request.headers.has('repeatSubmit')).toBe(false);
    expect(request.headers.get('lang')).toBe('en');
    expect(await request.json()).toEqual({ account: 'demo', password: 'demo123' });
  });

  it('keeps headers the endpoint sets itself, such as human verification', async () => {
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    await sendProbe(createAppStore(), {
      url: '/user/register',
      method: 'POST',
      body: {},
      headers: { 'human-verification': 'v-1' },
    });
    expect(sent(requests).headers.get('human-verification')).toBe('v-1');
  });
});
