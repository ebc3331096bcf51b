import { Badge, TabBar } from 'antd-mobile';
import { AppOutline, SearchOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBagCount } from './bag-count';
import './tab-bar.css';

const TABS: ReadonlyArray<{ path: string; labelKey: string; icon: ReactNode }> = [
  { path: '/home', labelKey: 'tab.home', icon: <AppOutline /> },
  { path: '/explore', labelKey: 'tab.explore', icon: <SearchOutline /> },
  { path: '/bag', labelKey: 'tab.bag', icon: <ShopbagOutline /> },
  { path: '/profile', labelKey: 'tab.me', icon: <UserOutline /> },
];

/** `/index` shows Home, so its tab is the active one there. */
const TAB_PATHS: Record<string, string> = { '/index': '/home' };
export const TAB_BAR_PATHS = new Set(['/index', ...TABS.map((tab) => tab.path)]);

/** Each tab is a real link, so it has a role and an accessible name and works without the bar's handler. */
export const AppTabBar = ({ pathname }: { pathname: string }) => {
  const { t } = useTranslation('common');
  const active = TAB_PATHS[pathname] ?? pathname;
  const bagCount = useBagCount();
  const bagCountId = useId();
  return (
    <nav className="shell-tab-bar" aria-label={t('tab.label')}>
      <TabBar activeKey={active} safeArea>
        {TABS.map((tab) => {
          // The Bag tab's count badge: drawn for the eye, said as the link's description (its name stays "Bag").
          const count = tab.path === '/bag' ? bagCount : 0;
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
                    <Badge content={count > 0 ? (count > 99 ? '99+' : String(count)) : null}>{tab.icon}</Badge>
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
