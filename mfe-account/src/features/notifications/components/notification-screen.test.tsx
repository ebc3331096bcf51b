import type { Notification, Page } from '@marketplace/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, ok, resetBrowser, signedIn } from '@marketplace/shared/testing';
import { renderScreen } from '../../../testing/render-screen';
import { NotificationScreen } from './notification-screen';

const notice = (id: number, text: string, link: string, read = false): Notification => ({
  id,
  kind: 'orderShipped',
  text,
  link,
  read,
  createdAt: '2026-01-02T03:04:05.000Z',
});

const page = (list: Notification[]): Page<Notification> => ({ list, total: list.length, page: 1, pageSize: 20 });

describe('/notification', () => {
  beforeEach(resetBrowser);

  it('lists the notifications, marks the unread ones of the loaded page read, and shows them as new this time', async () => {
    const { calls } = fakeApi({
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/notifications': ok(
        page([
          notice(3, 'Your order MP3 has been shipped', '/orderInfo/3'),
          notice(2, 'Your top-up of $50.00 was approved', '/topUpRecord'),
          notice(1, 'Your order MP1 has been shipped', '/orderInfo/1', true),
        ]),
      ),
      'POST /api/user/notifications/read': ok({ marked: 2, unread: 0 }),
    });
    await renderScreen(<NotificationScreen />, { path: '/notification', session: signedIn() });

    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(list).toHaveTextContent('Your order MP3 has been shipped');
    expect(screen.getAllByText('New')).toHaveLength(2);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/notifications/read')?.body).toEqual({ ids: [3, 2] }),
    );
    expect(calls[0]?.search.get('page')).toBe('1');
    expect(calls[0]?.search.get('pageSize')).toBe('20');
  });

  it('follows the link of a tapped notification', async () => {
    fakeApi({
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/notifications': ok(page([notice(9, 'Your order MP9 has been shipped', '/orderInfo/9', true)])),
    });
    await renderScreen(<NotificationScreen />, { path: '/notification', session: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: /Your order MP9 has been shipped/ }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/orderInfo/9');
  });

  it('never follows a link that leaves the app', async () => {
    fakeApi({
      'GET /api/user/notifications/unread_count': ok({ unread: 0 }),
      'GET /api/user/notifications': ok(page([notice(4, 'Customer service replied', 'https://evil.example', true)])),
    });
    await renderScreen(<NotificationScreen />, { path: '/notification', session: signedIn() });
    expect(await screen.findByText('Customer service replied')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Customer service replied/ })).not.toBeInTheDocument();
  });

  it('says there is no notification yet', async () => {
    const { calls } = fakeApi({ 'GET /api/user/notifications': ok(page([])) });
    await renderScreen(<NotificationScreen />, { path: '/notification', session: signedIn() });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
