import { links } from '@marketplace/shared';
import type { OrderStatusTab } from '@marketplace/shared/contracts';
import { Badge } from 'antd-mobile';
import { ClockCircleOutline, PayCircleOutline, TruckOutline, UndoOutline } from 'antd-mobile-icons';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLiveCountOptions } from '../../notifications';
import { useCountOrdersByStatusQuery } from '../api';

/** Order status tabs of requirements §7.1 that the personal centre links to directly, with their icons. */
// i18n-keys: profile.orders.toPay, profile.orders.toShip, profile.orders.delivered, profile.orders.afterSale
const ORDER_SHORTCUTS: { key: string; status: OrderStatusTab; Icon: ComponentType }[] = [
  { key: 'toPay', status: '0', Icon: PayCircleOutline },
  { key: 'toShip', status: '1', Icon: ClockCircleOutline },
  { key: 'delivered', status: '2', Icon: TruckOutline },
  { key: 'afterSale', status: '-4', Icon: UndoOutline },
];

/**
 * One shortcut: the icon with the number of orders in that tab as a badge. The link's name stays the
 * tab's name; the count is its description ("Orders: 2"), read out without renaming the link (the badge
 * itself is drawn for the eye only).
 */
const OrderShortcut = ({ shortcut: { key, status, Icon } }: { shortcut: (typeof ORDER_SHORTCUTS)[number] }) => {
  const { t } = useTranslation('account');
  const { data: count = 0 } = useCountOrdersByStatusQuery(status, useLiveCountOptions());
  const countId = `order-count-${key}`;
  return (
    <Link to={links.orders(status)} className="profile-order" aria-describedby={count > 0 ? countId : undefined}>
      <span aria-hidden className="profile-order__icon">
        <Badge content={count > 0 ? (count > 99 ? '99+' : count) : null}>
          <Icon />
        </Badge>
      </span>
      <span className="profile-order__label">{t(`profile.orders.${key}`)}</span>
      {count > 0 && (
        <span id={countId} hidden>
          {t('profile.orderCount', { count })}
        </span>
      )}
    </Link>
  );
};

export const OrderShortcuts = () => {
  const { t } = useTranslation('account');
  return (
    <nav aria-label={t('profile.orderStatus')} className="profile-orders">
      {ORDER_SHORTCUTS.map((shortcut) => (
        <OrderShortcut key={shortcut.key} shortcut={shortcut} />
      ))}
    </nav>
  );
};
