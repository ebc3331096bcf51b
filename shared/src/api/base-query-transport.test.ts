import { Toast } from 'antd-mobile';
import type { ApiError } from './base-query';
import { createAppStore } from '../session/store';
import { fakeFetch } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';

beforeAll(() => initTestI18n());
beforeEach(() => resetBrowserState());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const expectFailToast = (toast: jest.SpyInstance, content: string) =>
  expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content, icon: 'fail' }));

describe('transport errors (requirements §13.2)', () => {
  it('shows "Backend connection is abnormal" on a network error', async () => {
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Backend connection is abnormal' });
    expectFailToast(toast, 'Backend connection is abnormal');
  });

  it('shows "System request timed out" when no answer comes within 10000 ms', async () => {
    jest.useFakeTimers();
    fakeFetch(
      (request) =>
        new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    const toast = jest.spyOn(Toast, 'show');
    const store = createAppStore();
    const pending = sendProbe(store, '/user/getUserInfo');
    await jest.advanceTimersByTimeAsync(9_999);
    expect(toast).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(result.error).toEqual({ status: 'TIMEOUT_ERROR', message: 'System request timed out' });
    expectFailToast(toast, 'System request timed out');
  });

  it('shows "System interface NNN error" for an HTTP error without an envelope', async () => {
    fakeFetch(
      () => new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(result.error).toEqual({ status: 502, message: 'System interface 502 error' });
    expectFailToast(toast, 'System interface 502 error');
  });

  it('shows the raw message of any other error', async () => {
    fakeFetch(() => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }));
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), '/user/getUserInfo');
    const error = result.error as ApiError;
    expect(error.status).toBe('PARSING_ERROR');
    expect(error.message).toMatch(/SyntaxError/);
    expectFailToast(toast, error.message);
  });
});
