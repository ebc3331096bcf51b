import { selectUserInfo, useAppSelector } from '@marketplace/shared';
import { List, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { useGetUserInfoQuery } from '../../profile';
import './security-screen.css';

/** What protects the account, each row leading to where it is changed. */
export const SecurityScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const sessionUser = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery();
  const user = data ?? sessionUser;

  if (!user) {
    return (
      <AccountPage title={t('title.security')}>
        <div className="security-loading" role="status" aria-label={t('common:loading')}>
          <SpinLoading />
        </div>
      </AccountPage>
    );
  }

  const rows = [
    { key: 'loginPassword', path: '/passwords', status: t('security.set') },
    {
      key: 'paymentCode',
      path: '/changePayPwd',
      status: user.hasPaymentCode ? t('security.set') : t('security.notSet'),
    },
    { key: 'email', path: '/setting', status: user.email || t('security.notSet') },
    { key: 'mobile', path: '/setting', status: user.mobile || t('security.notSet') },
  ];

  return (
    <AccountPage title={t('title.security')}>
      <List header={t('security.account', { account: user.account })}>
        {rows.map(({ key, path, status }) => (
          // i18n-keys: security.loginPassword, security.paymentCode, security.email, security.mobile
          <List.Item key={key} arrow extra={status}>
            <Link to={path} className="security-link">
              {t(`security.${key}`)}
            </Link>
          </List.Item>
        ))}
      </List>
    </AccountPage>
  );
};
