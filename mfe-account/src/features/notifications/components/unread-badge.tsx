import { Badge } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGetUnreadNotificationCountQuery } from '../api';
import { useLiveCountOptions } from '../hooks/use-live-count-options';

/** The unread count beside the Notifications shortcut; nothing when all are read. */
export const UnreadNotificationsBadge = () => {
  const { t } = useTranslation('account');
  const { data } = useGetUnreadNotificationCountQuery(undefined, useLiveCountOptions());
  const unread = data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span role="status" aria-label={t('profile.unread', { count: unread })}>
      <Badge content={unread > 99 ? '99+' : unread} aria-hidden />
    </span>
  );
};
