import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../hooks/use-logout';

export const LogoutButton = () => {
  const { t } = useTranslation(['account', 'common']);
  const { logout, isLoading } = useLogout();
  const [confirming, setConfirming] = useState(false);

  return (
    <>
      <Button block color="danger" fill="outline" size="large" loading={isLoading} onClick={() => setConfirming(true)}>
        {t('action.logout')}
      </Button>
      <Dialog
        visible={confirming}
        aria-label={t('setting.logoutTitle')}
        title={t('setting.logoutTitle')}
        content={t('setting.logoutConfirm')}
        onClose={() => setConfirming(false)}
        closeOnAction
        actions={[
          [
            { key: 'cancel', text: t('common:cancel') },
            { key: 'confirm', text: t('action.logout'), danger: true, bold: true, onClick: logout },
          ],
        ]}
      />
    </>
  );
};
