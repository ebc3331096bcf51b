import { api, ENDPOINTS_DEFINED_ONCE } from '@marketplace/shared';
import type { MarkNotificationsReadBody, Notification, Page, PageQuery } from '@marketplace/shared/contracts';

const UNREAD = { type: 'User' as const, id: 'UNREAD_NOTIFICATIONS' };

/**
 * How often the unread count and Me's order counts are asked again while they are on screen and the page
 * is visible: an operator's shipment or decision shows up without a reload. The shopper's own actions
 * (pay, refund, top-up, withdraw) invalidate their tags and refresh them at once.
 */
export const LIVE_COUNT_POLL_MS = 15_000;

/** The shopper's notifications; the personal centre shows the unread count. */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<Page<Notification>, PageQuery>({
      query: (params) => ({ url: '/user/notifications', params }),
    }),
    getUnreadNotificationCount: build.query<{ unread: number }, void>({
      query: () => '/user/notifications/unread_count',
      providesTags: [UNREAD],
    }),
    markNotificationsRead: build.mutation<{ marked: number; unread: number }, MarkNotificationsReadBody>({
      query: (body) => ({ url: '/user/notifications/read', method: 'POST', body }),
      invalidatesTags: [UNREAD],
    }),
  }),
  overrideExisting: ENDPOINTS_DEFINED_ONCE,
});

export const { useGetUnreadNotificationCountQuery, useMarkNotificationsReadMutation } = notificationsApi;
