import type { RouteTab } from '@marketplace/shared/contracts/core';
import { Badge, TabBar } from 'antd-mobile';
import { AppOutline, SearchOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AppTab } from '../remotes/route-table';
import { useBagCount } from './bag-count';
import './tab-bar.css';

/** The icon of each `tab.icon` a route may declare (route metadata, `ROUTE_TAB_ICONS`). */
const ICONS: Record<RouteTab['icon'], ReactNode> = {
  home: <AppOutline />,
  explore: <SearchOutline />,
  bag: <ShopbagOutline />,
  me: <UserOutline />,
};

/**
 * The tabs the deployed remotes' routes declare (`tab` in their metadata), `active` the path of the tab
 * shown active (a route's own, or its `tabOf`). Each tab is a real link, so it has a role and an
 * accessible name and works without the bar's handler.
 */
export const AppTabBar = ({ tabs, active }: { tabs: readonly AppTab[]; active: string }) => {
  const { t } = useTranslation('common');
  const bagCount = useBagCount();
  const bagCountId = useId();
  return (
    <nav className="shell-tab-bar" aria-label={t('tab.label')}>
      <TabBar activeKey={active} safeArea>
        {tabs.map((tab) => {
          // The Bag tab's count badge: drawn for the eye, said as the link's description (its name stays "Bag").
          const count = tab.icon === 'bag' ? bagCount : 0;
          return (
            <TabBar.Item
              key={tab.path}
              title={
                <Link
                  to={tab.path}
                  className="shell-tab-bar__link"
                  aria-current={active === tab.path ? 'page' : undefined}
                  aria-describedby={count > 0 ? bagCountId : undefined}
                >
                  <span className="shell-tab-bar__icon" aria-hidden="true">
                    <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null}>{ICONS[tab.icon]}</Badge>
                  </span>
                  <span>{t(tab.labelKey)}</span>
                  {count > 0 && (
                    <span id={bagCountId} hidden>
                      {t('tab.bagCount', { n: count })}
                    </span>
                  )}
                </Link>
              }
            />
          );
        })}
      </TabBar>
    </nav>
  );
};
