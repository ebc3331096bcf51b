import { links } from '@marketplace/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { UnreadNotificationsBadge } from '../../notifications';
import { useOwnVipLevelName } from '../../vip';
import { OrderShortcuts } from './order-shortcuts';

const WALLET_SHORTCUTS = [
  { key: 'topUp', path: links.topUp() },
  { key: 'withdraw', path: links.withdraw() },
  { key: 'fundRecords', path: links.capitalRecords() },
  { key: 'topUpRecords', path: links.topUpRecords() },
  { key: 'withdrawalRecords', path: links.withdrawalRecords() },
  { key: 'paymentMethods', path: links.payment() },
] as const;

const SERVICE_SHORTCUTS = [
  { key: 'notifications', path: '/notification' },
  { key: 'favouriteShops', path: links.favouriteShops() },
  { key: 'savedProducts', path: links.savedProducts() },
  { key: 'addresses', path: '/address' },
  { key: 'settings', path: '/setting' },
  { key: 'help', path: '/helpAndSupport' },
  { key: 'service', path: '/service' },
  { key: 'serviceChannels', path: '/services' },
  { key: 'law', path: '/law' },
  { key: 'platform', path: '/platform' },
] as const;

const COMMUNITY_SHORTCUTS = [
  { key: 'mutualAid', path: '/mutualAid' },
  { key: 'supportHistory', path: '/mutualAidhHistroy' },
  { key: 'complaint', path: '/complaint' },
  { key: 'merchantSignUp', path: '/merchantSignUp' },
  { key: 'vip', path: '/vip' },
] as const;

/** Rows are real links (middle-click, screen readers' link lists); each link fills its row. */
export const ProfileShortcuts = ({ vipLevel = 0 }: { vipLevel?: number }) => {
  const { t } = useTranslation('account');
  const vipName = useOwnVipLevelName(vipLevel);
  return (
    <>
      <List header={<h2 className="profile-heading">{t('profile.myOrders')}</h2>}>
        <List.Item extra={t('profile.allOrders')} arrow>
          <Link to="/myPurchases" className="profile-link">
            {t('profile.myOrders')}
          </Link>
        </List.Item>
      </List>
      <OrderShortcuts />
      <List header={<h2 className="profile-heading">{t('profile.wallet')}</h2>}>
        {WALLET_SHORTCUTS.map(({ key, path }) => (
          // i18n-keys: profile.shortcut.topUp, profile.shortcut.withdraw, profile.shortcut.fundRecords, profile.shortcut.topUpRecords, profile.shortcut.withdrawalRecords, profile.shortcut.paymentMethods
          <List.Item key={key} arrow>
            <Link to={path} className="profile-link">
              {t(`profile.shortcut.${key}`)}
            </Link>
          </List.Item>
        ))}
      </List>
      <List header={<h2 className="profile-heading">{t('profile.services')}</h2>}>
        {SERVICE_SHORTCUTS.map(({ key, path }) => (
          // i18n-keys: profile.shortcut.notifications, profile.shortcut.favouriteShops, profile.shortcut.savedProducts, profile.shortcut.addresses, profile.shortcut.settings, profile.shortcut.help, profile.shortcut.service, profile.shortcut.serviceChannels, profile.shortcut.law, profile.shortcut.platform
          <List.Item key={key} arrow extra={key === 'notifications' ? <UnreadNotificationsBadge /> : undefined}>
            <Link to={path} className="profile-link">
              {t(`profile.shortcut.${key}`)}
            </Link>
          </List.Item>
        ))}
      </List>
      <List header={<h2 className="profile-heading">{t('profile.community')}</h2>}>
        {COMMUNITY_SHORTCUTS.map(({ key, path }) => (
          // i18n-keys: profile.shortcut.mutualAid, profile.shortcut.supportHistory, profile.shortcut.complaint, profile.shortcut.merchantSignUp, profile.shortcut.vip
          <List.Item key={key} arrow extra={key === 'vip' ? vipName : undefined}>
            <Link to={path} className="profile-link">
              {t(`profile.shortcut.${key}`)}
            </Link>
          </List.Item>
        ))}
      </List>
    </>
  );
};
