import { selectLang, selectUserInfo, useAppSelector } from '@marketplace/shared';
import { List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountPage } from '../../layout';
import { ProfileForm, userNameOf } from '../../profile';
import { useDiagnosticsVisible } from '../hooks/use-diagnostics-visible';
import { LogoutButton } from './logout-button';
import './setting-screen.css';

const LINKS = [
  { key: 'loginPassword', path: '/passwords' },
  { key: 'paymentCode', path: '/changePayPwd' },
  { key: 'security', path: '/security' },
] as const;

/** antd-mobile's clickable List.Item is an `<a>` without href; rows hold real links and buttons instead. */
export const SettingScreen = () => {
  const { t } = useTranslation('account');
  const user = useAppSelector(selectUserInfo);
  const lang = useAppSelector(selectLang);
  const [editing, setEditing] = useState(false);
  const diagnostics = useDiagnosticsVisible();

  return (
    <AccountPage title={t('title.setting')}>
      <List>
        <List.Item arrow extra={user ? userNameOf(user) : undefined}>
          <button type="button" className="setting-link" disabled={!user} onClick={() => setEditing(true)}>
            {t('setting.personalInfo')}
          </button>
        </List.Item>
        {LINKS.map(({ key, path }) => (
          // i18n-keys: setting.loginPassword, setting.paymentCode, setting.security
          <List.Item key={key} arrow>
            <Link to={path} className="setting-link">
              {t(`setting.${key}`)}
            </Link>
          </List.Item>
        ))}
        <List.Item arrow extra={lang.language_name}>
          <Link to="/language" className="setting-link">
            {t('setting.language')}
          </Link>
        </List.Item>
        {diagnostics && (
          <List.Item arrow>
            <Link to="/diagnostics" className="setting-link">
              {t('setting.diagnostics')}
            </Link>
          </List.Item>
        )}
      </List>
      <div className="setting-logout">
        <LogoutButton />
      </div>
      <Popup
        visible={editing && Boolean(user)}
        onMaskClick={() => setEditing(false)}
        onClose={() => setEditing(false)}
        showCloseButton
        destroyOnClose
        bodyStyle={{ maxHeight: '85vh', overflowY: 'auto' }}
      >
        {/* antd-mobile's Popup gives its sheet no role: the sheet is a modal dialog named by its title. */}
        {user && (
          <div role="dialog" aria-modal="true" aria-label={t('setting.personalInfo')}>
            <ProfileForm user={user} onSaved={() => setEditing(false)} />
          </div>
        )}
      </Popup>
    </AccountPage>
  );
};
