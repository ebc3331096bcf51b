import { Toast } from 'antd-mobile';
import Cookies from 'js-cookie';
import { loginSucceeded } from '../session/session-slice';
import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';
import { api, withMsg } from './api';
import { onVerificationRequired, setNavigator } from './api-events';

const navigate = jest.fn();
beforeAll(async () => {
  await initTestI18n();
  setNavigator(navigate);
});
beforeEach(() => {
  resetBrowserState();
  navigate.mockReset();
});
afterEach(() => jest.restoreAllMocks());

const failToast = (content: string) =>
  expect.objectContaining({ content, icon: 'fail', duration: 1200, maskClickable: false });

describe('response handling (requirements §12.5, §13.2)', () => {
  it('resolves with the envelope data when code is 1', async () => {
    fakeFetch(() => jsonResponse(envelope({ balance: 100000 }, 1, 'ok')));
    const result = await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(result).toEqual({ data: { balance: 100000 } });
  });

  it('keeps the success msg reachable for screens that toast it', async () => {
    fakeFetch(() => jsonResponse(envelope({ id: 1 }, 1, 'Save successful')));
    const withMessage = api.injectEndpoints({
      endpoints: (build) => ({
        saveProbe: build.mutation<{ data: { id: number }; msg: string }, void>({
          query: () => ({ url: '/user/profile', method: 'POST', body: {} }),
          transformResponse: withMsg<{ id: number }>,
        }),
      }),
    });
    const store = createAppStore();
    const result = await store.dispatch(withMessage.endpoints.saveProbe.initiate());
    expect(result).toEqual({ data: { data: { id: 1 }, msg: 'Save successful' } });
  });

  it('shows a failure toast with msg and rejects when code is not 1', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 0, 'Account or password is incorrect')));
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), { url: '/user/login', method: 'POST', body: {} });
    expect(result.error).toEqual({
      status: 200,
      data: envelope(null, 0, 'Account or password is incorrect'),
      message: 'Account or password is incorrect',
    });
    expect(toast).toHaveBeenCalledWith(failToast('Account or password is incorrect'));
  });

  it('rejects an HTTP error that carries an envelope with its msg', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 0, 'Please fill correct email'), 400));
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), { url: '/user/profile', method: 'POST', body: {} });
    expect(result.error).toMatchObject({ status: 400, data: { code: 0 } });
    expect(toast).toHaveBeenCalledWith(failToast('Please fill correct email'));
  });

  it('on code 401 with a token held: toasts the server message, clears the session and goes to /login', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 401, 'Your session has expired, please login again'), 401));
    const toast = jest.spyOn(Toast, 'show');
    const store = createAppStore();
    store.dispatch(loginSucceeded('expired-token'));
    expect(Cookies.get('Admin-Token')).toBe('expired-token');

    const result = await sendProbe(store, '/user/getUserInfo');

    expect(result.error).toMatchObject({ status: 401, data: { code: 401 } });
    expect(toast).toHaveBeenCalledWith(failToast('Your session has expired, please login again'));
    expect(store.getState().session.token).toBeNull();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('treats body code 401 the same whatever the HTTP status', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 401, 'Please login first'), 200));
    const store = createAppStore();
    store.dispatch(loginSucceeded('expired-token'));
    await sendProbe(store, '/user/getUserInfo');
    expect(store.getState().session.token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('on code 401 without a token only toasts, and does not navigate', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 401, 'Please login first'), 401));
    const toast = jest.spyOn(Toast, 'show');
    await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(toast).toHaveBeenCalledWith(failToast('Please login first'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on code 428 calls the registered human-verification handler as well as toasting', async () => {
    fakeFetch(() => jsonResponse(envelope(null, 428, 'Please complete the human verification first'), 428));
    const toast = jest.spyOn(Toast, 'show');
    const handler = jest.fn();
    const unsubscribe = onVerificationRequired(handler);
    await sendProbe(createAppStore(), { url: '/user/register', method: 'POST', body: {} });
    unsubscribe();
    await sendProbe(createAppStore(), { url: '/user/register', method: 'POST', body: { again: true } });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(failToast('Please complete the human verification first'));
  });
});
