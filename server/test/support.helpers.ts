import type { ContentPage, Notification, Page, ServiceMessage } from '@marketplace/shared/contracts';
import { call, tablesFingerprint, type TestApp } from './harness';
import { admin, type Shopper } from './orders.helpers';
import { createNotifier } from '../src/modules/support/notifier';

/** Row count and digest of every table a support request could touch: proves a refusal changed nothing. */
export const supportFingerprint = (t: TestApp) =>
  tablesFingerprint(t.db, ['notifications', 'service_messages', 'service_channels', 'content_pages', 'users']);

export const notify = (t: TestApp, ...args: Parameters<ReturnType<typeof createNotifier>['notify']>) =>
  createNotifier(t.db).notify(...args);

export const listNotifications = (t: TestApp, shopper: Shopper, query = '', lang = 'en') =>
  call<Page<Notification>>(t.app, {
    method: 'GET',
    url: `/api/user/notifications${query}`,
    headers: { ...shopper.headers, lang },
  });

export const unreadCount = async (t: TestApp, shopper: Shopper) =>
  (
    await call<{ unread: number }>(t.app, {
      method: 'GET',
      url: '/api/user/notifications/unread_count',
      headers: shopper.headers,
    })
  ).data.unread;

export const markRead = (t: TestApp, shopper: Shopper, payload: unknown) =>
  call<{ marked: number; unread: number }>(t.app, {
    method: 'POST',
    url: '/api/user/notifications/read',
    headers: shopper.headers,
    payload: payload as Record<string, unknown>,
  });

export const sendMessage = (t: TestApp, shopper: Shopper, body: unknown, headers: Record<string, string> = {}) =>
  call<ServiceMessage>(t.app, {
    method: 'POST',
    url: '/api/user/service_message',
    headers: { ...shopper.headers, ...headers },
    payload: { body } as Record<string, unknown>,
  });

export const thread = (t: TestApp, shopper: Shopper) =>
  call<ServiceMessage[]>(t.app, { method: 'GET', url: '/api/user/service_messages', headers: shopper.headers });

export const reply = (t: TestApp, userId: unknown, body: unknown) =>
  call<ServiceMessage>(t.app, {
    method: 'POST',
    url: '/api/admin/service_reply',
    headers: admin,
    payload: { userId, body } as Record<string, unknown>,
  });

export const content = (t: TestApp, shopper: Shopper, path: string, lang?: string) =>
  call<ContentPage>(t.app, { method: 'GET', url: path, headers: { ...shopper.headers, ...(lang ? { lang } : {}) } });
