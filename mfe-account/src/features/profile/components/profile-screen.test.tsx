import { screen, waitFor } from '@testing-library/react';
import { demoUser, fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { ProfileScreen } from './profile-screen';

/** The order list's answer for a one-row page: only `total` matters to Me's counts. */
const ordersIn = (totals: Record<string, number>) => (_body: unknown, search: URLSearchParams) => {
  const status = search.get('status') ?? 'all';
  return ok({ list: [], total: totals[status] ?? 0, page: 1, pageSize: 1 });
};
const noOrders = ordersIn({});

describe('/profile', () => {
  beforeEach(resetBrowser);

  it('shows the account, user name and balance from getUserInfo', async () => {
    const { calls } = fakeApi({
      'GET /api/user/getUserInfo': ok({ ...demoUser, balance: 123_456 }),
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/order_list': noOrders,
    });
    await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn() });
    expect(await screen.findByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Chen Mei')).toBeInTheDocument();
    expect(screen.getByText('demo')).toBeInTheDocument();
    expect(calls[0]?.headers.get('token')).toBe('token-1');
  });

  it.each([
    ['My orders', '/myPurchases'],
    ['To pay', '/myPurchases/0'],
    ['To ship', '/myPurchases/1'],
    ['Delivered', '/myPurchases/2'],
    ['After-sale', '/myPurchases/-4'],
    ['Top up', '/topUp'],
    ['Withdraw', '/withDraw'],
    ['Fund records', '/capitalRecord'],
    ['Top-up records', '/topUpRecord'],
    ['Withdrawal records', '/depositRecord'],
    ['Payment methods', '/payment'],
    ['Shipping addresses', '/address'],
    ['Settings', '/setting'],
    ['Help and support', '/helpAndSupport'],
    ['Notifications', '/notification'],
    ['Favourite shops', '/myFavourite'],
    ['Saved products', '/heart'],
    ['Customer service', '/service'],
    ['Contact us', '/services'],
    ['Law and policy', '/law'],
    ['Platform partnership', '/platform'],
    ['Mutual aid', '/mutualAid'],
    ['Support history', '/mutualAidhHistroy'],
    ['Complaint', '/complaint'],
    ['Merchant sign-up', '/merchantSignUp'],
    ['VIP', '/vip'],
  ])('links "%s" to %s', async (name, href) => {
    fakeApi({
      'GET /api/user/getUserInfo': ok(demoUser),
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/order_list': noOrders,
    });
    await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn() });
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('shows the unread notifications count beside Notifications, and nothing when all are read', async () => {
    fakeApi({
      'GET /api/user/getUserInfo': ok(demoUser),
      'GET /api/user/notifications/unread_count': ok({ unread: 3 }),
      'GET /api/user/order_list': noOrders,
    });
    await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn() });
    expect(await screen.findByRole('status', { name: '3 unread' })).toHaveTextContent('3');
  });

  it('shows no unread badge when every notification is read', async () => {
    const { calls } = fakeApi({
      'GET /api/user/getUserInfo': ok(demoUser),
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/order_list': noOrders,
    });
    await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn() });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/notifications/unread_count')).toBe(true));
    expect(screen.queryByRole('status', { name: /unread/ })).not.toBeInTheDocument();
  });

  it.each([
    [0, 'None'],
    [2, 'Gold member'],
    [3, 'VIP 3'],
  ])(
    'shows the current VIP level (%s) by the name the server gives it, beside the VIP link',
    async (vipLevel, shown) => {
      const { calls } = fakeApi({
        'GET /api/user/getUserInfo': ok({ ...demoUser, vipLevel }),
        'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
        'GET /api/user/order_list': noOrders,
        // Level 3 is no longer on sale: the server does not list it, so its number is shown.
        'GET /api/user/vip': ok({
          current: vipLevel,
          levels: [{ level: 2, name: 'Gold member', priceCents: 20_000, benefits: [], owned: vipLevel >= 2 }],
        }),
      });
      await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn({ ...demoUser, vipLevel }) });
      const row = screen.getByRole('link', { name: 'VIP' }).closest('.adm-list-item');
      await waitFor(() => expect(row).toHaveTextContent(shown));
      // The levels are asked for only when the shopper has one.
      expect(calls.some((call) => call.path === '/api/user/vip')).toBe(vipLevel > 0);
    },
  );

  it('shows how many orders each shortcut holds (a badge, and the link description), none on an empty tab', async () => {
    const { calls } = fakeApi({
      'GET /api/user/getUserInfo': ok(demoUser),
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/order_list': ordersIn({ '0': 2, '1': 1, '2': 0, '-4': 120 }),
    });
    await renderScreen(<ProfileScreen />, { path: '/profile', session: signedIn() });
    const toPay = screen.getByRole('link', { name: 'To pay' });
    await waitFor(() => expect(toPay).toHaveAccessibleDescription('Orders: 2'));
    expect(toPay).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'To ship' })).toHaveAccessibleDescription('Orders: 1');
    expect(screen.getByRole('link', { name: 'After-sale' })).toHaveAccessibleDescription('Orders: 120');
    expect(screen.getByRole('link', { name: 'After-sale' })).toHaveTextContent('99+');
    expect(screen.getByRole('link', { name: 'Delivered' })).not.toHaveAccessibleDescription();
    expect(screen.getByRole('link', { name: 'Delivered' })).toHaveTextContent(/^Delivered$/);
    // One-row pages: the count is the list's total, not a download of the orders.
    const asked = calls.filter((c) => c.path === '/api/user/order_list');
    expect(asked.map((c) => c.search.get('status')).sort()).toEqual(['-4', '0', '1', '2']);
    expect(asked.every((c) => c.search.get('pageSize') === '1')).toBe(true);
  });
});
