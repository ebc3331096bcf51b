import { TabBar } from 'antd-mobile';
import { AppOutline, SearchOutline, ShopbagOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
  return (
    <nav className="shell-tab-bar" aria-label={t('tab.label')}>
      <TabBar activeKey={active} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.path}
            title={
              <Link
                to={tab.path}
                className="shell-tab-bar__link"
                aria-current={active === tab.path ? 'page' : undefined}
              >
                <span className="shell-tab-bar__icon" aria-hidden="true">
                  {tab.icon}
                </span>
                <span>{t(tab.labelKey)}</span>
              </Link>
            }
          />
        ))}
      </TabBar>
    </nav>
  );
};
