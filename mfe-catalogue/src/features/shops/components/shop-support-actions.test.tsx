import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSucceeded } from '@marketplace/shared';
import type { SupportStatus } from '@marketplace/shared/contracts';
import { fail, fakeApi, ok, resetBrowserState } from '@marketplace/shared/testing';
import { emptyPage, shopDetail } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import ShopScreen from './shop-screen';

const shop = shopDetail({ name: 'Sunrise & Sons', description: '' });

const status = (supportedToday: boolean, totalDays: number): SupportStatus => ({
  shopId: 7,
  supportedToday,
  days: supportedToday ? 1 : 0,
  totalDays,
  streak: supportedToday ? 1 : 0,
  today: '2026-11-25',
});

/** A fake server: one support a day, as the real one; a second is "Support Failed". */
const serveShop = (supportedAlready = false) => {
  let supported = supportedAlready;
  let supportDays = shop.supportDays;
  return fakeApi(
    {
      'POST /api/merchant/assistStatus': () => ok(status(supported, supportDays)),
      'POST /api/merchant/assist': () => {
        if (supported) return fail('Support Failed');
        supported = true;
        supportDays += 1;
        return ok(status(true, supportDays), 'Support Successful');
      },
      'GET /api/catalogue/shop': () => ok({ ...shop, supportDays }),
    },
    { otherwise: emptyPage },
  );
};

afterEach(() => {
  jest.restoreAllMocks();
  resetBrowserState();
});

const supportDays = () => screen.getByText('Support days').nextElementSibling?.textContent;

describe('Shop: support and complaint', () => {
  it('Support toasts "Support Successful", adds a support day and turns into "Supported today"', async () => {
    const { requests } = serveShop();
    const { store } = await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });
    store.dispatch(loginSucceeded('shopper-token'));

    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));

    expect(await screen.findByText('Support Successful')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Supported today' })).toBeDisabled();
    await waitFor(() => expect(supportDays()).toBe('5'));
    const assist = requests.find((r) => new URL(r.url).pathname.endsWith('/merchant/assist'));
    expect(await assist?.json()).toEqual({ shopId: 7 });
  });

  it('a shop supported today shows "Supported today" from its status', async () => {
    serveShop(true);
    const { store } = await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });
    store.dispatch(loginSucceeded('shopper-token'));
    expect(await screen.findByRole('button', { name: 'Supported today' })).toBeDisabled();
  });

  it('a guest is asked to log in first and nothing is sent', async () => {
    const { requests } = serveShop();
    await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });

    await userEvent.click(await screen.findByRole('button', { name: 'Support' }));

    expect(await screen.findByText('Please login first')).toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname.includes('/merchant/'))).toBe(false);
  });

  it('Complaint opens the complaint form with the shop filled in', async () => {
    serveShop();
    await renderScreen(<ShopScreen />, { path: '/shop/7', route: '/shop/:id?' });
    expect(await screen.findByRole('link', { name: 'Complaint' })).toHaveAttribute(
      'href',
      '/complaint?shopId=7&shopName=Sunrise+%26+Sons',
    );
  });
});
