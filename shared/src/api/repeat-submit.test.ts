import { Toast } from 'antd-mobile';
import { LAST_WRITE_STORAGE_KEY } from '@marketplace/shared/contracts';
import { createAppStore } from '../session/store';
import { envelope, fakeFetch, jsonResponse } from '../testing/fake-server';
import { initTestI18n } from '../testing/init-test-i18n';
import { sendProbe } from '../testing/probe-api';
import { resetBrowserState } from '../testing/reset-browser-state';

const REPEAT_TEXT = 'Data is being processed, please do not submit repeatedly';
let now = 1_700_000_000_000;

beforeAll(() => initTestI18n());
beforeEach(() => {
  resetBrowserState();
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

const saveProfile = (body: unknown = { familyName: 'Lee' }, headers?: Record<string, string>) => ({
  url: '/user/profile',
  method: 'POST',
  body,
  ...(headers ? { headers } : {}),
});

describe('duplicate-submission guard (requirements §12.4)', () => {
  it('rejects the same POST within 1000 ms with a failure toast and sends nothing', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope(null)));
    const toast = jest.spyOn(Toast, 'show');
    const store = createAppStore();

    expect((await sendProbe(store, saveProfile())).error).toBeUndefined();
    now += 999;
    const repeat = await sendProbe(store, saveProfile());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(repeat.error).toEqual({ status: 'REPEAT_SUBMIT', message: REPEAT_TEXT });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: REPEAT_TEXT, icon: 'fail' }));
  });

  it('lets the same POST through once 1000 ms have passed', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, saveProfile());
    now += 1000;
    await sendProbe(store, saveProfile());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('guards PUT too, but lets a different body or URL through', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, { ...saveProfile(), method: 'PUT' });
    await sendProbe(store, { ...saveProfile(), method: 'PUT' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await sendProbe(store, saveProfile({ familyName: 'Wu' }));
    await sendProbe(store, { url: '/user/resetpwd', method: 'POST', body: { familyName: 'Wu' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not guard GET calls', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope([])));
    const store = createAppStore();
    await sendProbe(store, '/user/language_list');
    await sendProbe(store, '/user/language_list');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is skipped when the repeatSubmit header is false', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, saveProfile(undefined, { repeatSubmit: 'false' }));
    await sendProbe(store, saveProfile(undefined, { repeatSubmit: 'false' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the last write { url, data, time } in session storage', async () => {
    fakeFetch(() => jsonResponse(envelope(null)));
    await sendProbe(createAppStore(), { url: '/user/logout', method: 'POST', params: { lang: 'en' } });
    await sendProbe(createAppStore(), saveProfile());
    expect(JSON.parse(sessionStorage.getItem(LAST_WRITE_STORAGE_KEY) ?? 'null')).toEqual({
      url: '/user/profile',
      data: JSON.stringify({ familyName: 'Lee' }),
      time: now,
    });
  });

  it('counts the window from the first write, so repeated clicks cannot hold it open', async () => {
    const { fetchMock } = fakeFetch(() => jsonResponse(envelope(null)));
    const store = createAppStore();
    await sendProbe(store, saveProfile());
    now += 600;
    await sendProbe(store, saveProfile());
    now += 600;
    await sendProbe(store, saveProfile());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
