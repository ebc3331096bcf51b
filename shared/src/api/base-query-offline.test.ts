import { Toast } from 'antd-mobile';
import { onConnectionRequired, onNetworkReport } from './api-events';
import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';

beforeAll(() => initTestI18n());
beforeEach(() => resetBrowserState());
afterEach(() => jest.restoreAllMocks());

const offline = () => jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('offline and flaky networks (docs/decisions/0005-installable-offline.md)', () => {
  it('refuses an action that needs the server while offline, sending nothing, and says it needs a connection', async () => {
    offline();
    const { requests } = fakeFetch(() => jsonResponse(envelope(null)));
    const toast = jest.spyOn(Toast, 'show');
    const told = jest.fn();
    const stop = onConnectionRequired(told);
    const result = await sendProbe(createAppStore(), {
      url: '/order/pay',
      method: 'POST',
      body: { orderIds: [1], paymentCode: '123456' },
    });
    stop();
    expect(requests).toHaveLength(0);
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'This needs an internet connection' });
    expect(told).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'This needs an internet connection' }));
  });

  it('still sends reads while offline (the network may be back before the browser says so)', async () => {
    offline();
    const { requests } = fakeFetch(() => jsonResponse(envelope({ list: [] })));
    const result = await sendProbe(createAppStore(), '/catalogue/hot_products');
    expect(requests).toHaveLength(1);
    expect(result.data).toEqual({ list: [] });
  });

  it('reports the network as unreachable after a network error and reachable after an answer', async () => {
    const reports: boolean[] = [];
    const stop = onNetworkReport((reachable) => reports.push(reachable));
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await sendProbe(createAppStore(), '/user/getUserInfo');
    jest.restoreAllMocks();
    fakeFetch(() => jsonResponse(envelope({}, 401, 'Please login first'), 401));
    await sendProbe(createAppStore(), '/user/getUserInfo');
    stop();
    expect(reports).toEqual([false, true]);
  });
});

describe('a network error while the browser is offline', () => {
  it('gives the error without a toast (the offline banner says it once)', async () => {
    offline();
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const toast = jest.spyOn(Toast, 'show');
    const result = await sendProbe(createAppStore(), '/user/getUserInfo');
    expect(result.error).toEqual({ status: 'FETCH_ERROR', message: 'Backend connection is abnormal' });
    expect(toast).not.toHaveBeenCalled();
  });
});
