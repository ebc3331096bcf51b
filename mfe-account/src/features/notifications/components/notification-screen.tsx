import { EmptyState, PagedList, formatDateTime, usePageLoader } from '@marketplace/shared';
import type { Notification } from '@marketplace/shared/contracts';
import { Tag } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountPage } from '../../layout/components/account-page';
import { notificationsApi, useMarkNotificationsReadMutation } from '../api';
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
 * `/notification`: newest first with pull-to-refresh and infinite loading. Each page that loads is
 * marked read (still shown as new this time); tapping one follows its link.
 */
export const NotificationScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const listNotifications = usePageLoader(notificationsApi.endpoints.listNotifications);
  const [markRead] = useMarkNotificationsReadMutation();

  const loadPage = useCallback(
    async (page: number) => {
      const result = await listNotifications({ page, pageSize: PAGE_SIZE });
      const unread = result.list.filter((notification) => !notification.read).map((notification) => notification.id);
      if (unread.length > 0) void markRead({ ids: unread });
      return result;
    },
    [listNotifications, markRead],
  );

  return (
    <AccountPage title={t('title.notification')}>
      <PagedList<Notification>
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
