import { selectUserInfo, useAppSelector } from '@marketplace/shared';
import { PullToRefresh, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../layout';
import { useGetUserInfoQuery } from '../api';
import { useReloadUserInfo } from '../hooks/use-reload-user-info';
import { ProfileShortcuts } from './profile-shortcuts';
import { ProfileSummary } from './profile-summary';
import './profile-screen.css';

/** The personal centre ("Me" tab). */
export const ProfileScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const sessionUser = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery();
  const reloadUserInfo = useReloadUserInfo();
  const user = data ?? sessionUser;

  return (
    <AccountPage title={t('title.profile')} hideBack>
      <PullToRefresh
        onRefresh={async () => {
          await reloadUserInfo();
        }}
        pullingText={t('common:pullToRefresh')}
        canReleaseText={t('common:releaseToRefresh')}
        refreshingText={t('common:refreshing')}
        completeText={t('common:refreshed')}
      >
        {user ? (
          <ProfileSummary user={user} />
        ) : (
          <div className="profile-loading" role="status" aria-label={t('common:loading')}>
            <SpinLoading />
          </div>
        )}
        <ProfileShortcuts vipLevel={user?.vipLevel} />
      </PullToRefresh>
    </AccountPage>
  );
};
