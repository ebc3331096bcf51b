import { EmptyState, PagedList, formatDateTime, usePageLoader } from '@marketplace/shared';
import type { Notification } from '@marketplace/shared/contracts';
import { Tag } from 'antd-mobile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { notificationsApi, useGetUnreadNotificationCountQuery, useMarkNotificationsReadMutation } from '../api';
import { useLiveCountOptions } from '../hooks/use-live-count-options';
import { isInAppLink } from '../in-app-link';
import './notifications.css';

const PAGE_SIZE = 20;

const NotificationBody = ({ notification }: { notification: Notification }) => {
  const { t, i18n } = useTranslation('account');
  return (
    <>
      <span className="notification__text">
        {!notification.read && (
          <Tag color="danger" className="notification__new">
            {t('notifications.new')}
          </Tag>
        )}
        {notification.text}
      </span>
      <time className="notification__time" dateTime={notification.createdAt}>
        {formatDateTime(notification.createdAt, i18n.language)}
      </time>
    </>
  );
};

/**
 * The list starts again from the top when the polled unread count rises above what the screen left
 * unread (a notification arrived while it was open). `expected` is that number: set by each mark-read
 * answer, else by the first count seen, and raised to any count that caused a reload, so old unread ones
 * further down never reload the list again and again.
 */
const useReloadOnArrival = () => {
  const [generation, setGeneration] = useState(0);
  const expected = useRef<number | undefined>(undefined);
  const { data } = useGetUnreadNotificationCountQuery(undefined, useLiveCountOptions());
  const unread = data?.unread;
  useEffect(() => {
    if (unread === undefined) return;
    if (expected.current === undefined) expected.current = unread;
    else if (unread > expected.current) {
      expected.current = unread;
      setGeneration((n) => n + 1);
    }
  }, [unread]);
  const leftUnread = useCallback((count: number) => {
    expected.current = count;
  }, []);
  return { generation, leftUnread };
};

/**
 * `/notification`: newest first with pull-to-refresh and infinite loading. Each page that loads is
 * marked read (still shown as new this time); tapping one follows its link. New notifications appear
 * without a reload (see useReloadOnArrival).
 */
export const NotificationScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const listNotifications = usePageLoader(notificationsApi.endpoints.listNotifications);
  const [markRead] = useMarkNotificationsReadMutation();
  const { generation, leftUnread } = useReloadOnArrival();

  const loadPage = useCallback(
    async (page: number) => {
      const result = await listNotifications({ page, pageSize: PAGE_SIZE });
      const unread = result.list.filter((notification) => !notification.read).map((notification) => notification.id);
      if (unread.length > 0) {
        void markRead({ ids: unread })
          .unwrap()
          .then((answer) => leftUnread(answer.unread))
          .catch(() => undefined);
      }
      return result;
    },
    [listNotifications, markRead, leftUnread],
  );

  return (
    <AccountPage title={t('title.notification')}>
      <PagedList<Notification>
        key={generation}
        loadPage={loadPage}
        pageSize={PAGE_SIZE}
        label={t('title.notification')}
        itemKey={(notification) => notification.id}
        empty={<EmptyState title={t('notifications.empty')} />}
        renderItem={(notification) =>
          isInAppLink(notification.link) ? (
            <button type="button" className="notification" onClick={() => navigate(notification.link)}>
              <NotificationBody notification={notification} />
            </button>
          ) : (
            <div className="notification">
              <NotificationBody notification={notification} />
            </div>
          )
        }
      />
    </AccountPage>
  );
};
