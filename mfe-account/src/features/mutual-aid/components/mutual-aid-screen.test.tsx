import type { Page, SupportRecord, SupportStatus } from '@marketplace/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { MutualAidScreen } from './mutual-aid-screen';

const record = (shopId: number, shopName: string, days: number, supportedToday = false): SupportRecord => ({
  shopId,
  shopName,
  logo: `/api/images/shop/${shopId}.svg`,
  days,
  totalDays: days + 10,
  supportedToday,
  followed: false,
});

const page = (list: SupportRecord[]): Page<SupportRecord> => ({ list, total: list.length, page: 1, pageSize: 20 });

const status = (shopId: number, days: number, supportedToday: boolean): SupportStatus => ({
  shopId,
  supportedToday,
  days,
  totalDays: days + 10,
  streak: supportedToday ? 1 : 0,
  today: '2026-11-25',
});

const row = (shopName: string) => screen.findByRole('article', { name: shopName });

/** Presses Support on Sunrise Outdoor's row. */
const supportSunrise = async () =>
  userEvent.click(within(await row('Sunrise Outdoor')).getByRole('button', { name: 'Support Sunrise Outdoor' }));

/** Sunrise Outdoor's row, once its button says "Supported today" and is off. */
const supportedSunrise = async () => {
  const sunrise = await row('Sunrise Outdoor');
  await waitFor(() =>
    expect(within(sunrise).getByRole('button', { name: 'Supported today Sunrise Outdoor' })).toBeDisabled(),
  );
  return sunrise;
};

describe('/mutualAid', () => {
  beforeEach(resetBrowser);

  it('lists the shops with the days supported and whether they were supported today', async () => {
    const { calls } = fakeApi({
      'POST /api/merchant/assistList': ok(page([record(3, 'Sunrise Outdoor', 4), record(5, 'Tech Hub', 1, true)])),
    });
    await renderScreen(<MutualAidScreen />, { path: '/mutualAid', session: signedIn() });

    const sunrise = await row('Sunrise Outdoor');
    expect(sunrise).toHaveTextContent('You supported 4 days');
    expect(sunrise).toHaveTextContent('14 support days in all');
    // Each row's button is named by its text and then the shop, so one can be told from another.
    expect(screen.getByRole('button', { name: 'Support Sunrise Outdoor' })).toBeEnabled();
    expect(within(sunrise).getByRole('button', { name: 'Support Sunrise Outdoor' })).toHaveTextContent(/^Support$/);
    expect(within(sunrise).getByRole('link', { name: 'Sunrise Outdoor' })).toHaveAttribute('href', '/shop/3');
    expect(screen.getByRole('button', { name: 'Supported today Tech Hub' })).toBeDisabled();
    expect(calls[0]?.body).toEqual({ page: 1, pageSize: 20 });
    expect(screen.getByRole('link', { name: 'Support history' })).toHaveAttribute('href', '/mutualAidhHistroy');
  });

  it('Support toasts "Support Successful" and the row turns into "Supported today" with one more day', async () => {
    const { calls } = fakeApi({
      'POST /api/merchant/assistList': ok(page([record(3, 'Sunrise Outdoor', 4)])),
      'POST /api/merchant/assist': ok(status(3, 5, true), 'Support Successful'),
    });
    await renderScreen(<MutualAidScreen />, { path: '/mutualAid', session: signedIn() });

    await supportSunrise();

    expect(await screen.findByText('Support Successful')).toBeInTheDocument();
    const sunrise = await supportedSunrise();
    expect(sunrise).toHaveTextContent('You supported 5 days');
    expect(calls.find((call) => call.path === '/api/merchant/assist')?.body).toEqual({ shopId: 3 });
  });

  it('a refused support shows the server\'s "Support Failed" once and reloads the shop\'s state', async () => {
    const { calls } = fakeApi({
      'POST /api/merchant/assistList': ok(page([record(3, 'Sunrise Outdoor', 4)])),
      'POST /api/merchant/assist': fail('Support Failed'),
      'POST /api/merchant/assistStatus': ok(status(3, 5, true)),
    });
    await renderScreen(<MutualAidScreen />, { path: '/mutualAid', session: signedIn() });

    await supportSunrise();

    expect(await screen.findByText('Support Failed')).toBeInTheDocument();
    await supportedSunrise();
    expect(screen.getAllByText('Support Failed')).toHaveLength(1);
    expect(calls.find((call) => call.path === '/api/merchant/assistStatus')?.body).toEqual({ shopId: 3 });
  });

  it('says when there is no shop to support', async () => {
    fakeApi({ 'POST /api/merchant/assistList': ok(page([])) });
    await renderScreen(<MutualAidScreen />, { path: '/mutualAid', session: signedIn() });
    expect(await screen.findByText('There are no shops to support yet')).toBeInTheDocument();
  });
});
