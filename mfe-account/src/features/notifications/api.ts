import { api } from '@marketplace/shared';
import type { MarkNotificationsReadBody, Notification, Page, PageQuery } from '@marketplace/shared/contracts';

const UNREAD = { type: 'User' as const, id: 'UNREAD_NOTIFICATIONS' };

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
  overrideExisting: false,
});

export const { useLazyListNotificationsQuery, useGetUnreadNotificationCountQuery, useMarkNotificationsReadMutation } =
  notificationsApi;
