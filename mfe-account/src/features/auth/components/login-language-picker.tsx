import { selectLang, useAppSelector } from '@marketplace/shared';
import { LANGUAGES } from '@marketplace/shared/contracts/core';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageRadioList, useApplyLanguage } from '../../language';

const GlobeIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </svg>
);

/**
 * The language page needs a login, so the login page offers its own picker. It only changes the
 * language on this device: there is no account yet to store the choice on.
 */
export const LoginLanguagePicker = () => {
  const { t } = useTranslation('account');
  const current = useAppSelector(selectLang);
  const applyLanguage = useApplyLanguage();
  const [open, setOpen] = useState(false);

  return (
    <>
      <Button
        fill="none"
        size="small"
        className="account-icon-button"
        aria-label={t('action.language')}
        onClick={() => setOpen(true)}
      >
        <GlobeIcon />
      </Button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
        destroyOnClose
      >
        {/* antd-mobile's Popup gives its sheet no role: the sheet is a modal dialog named by its title. */}
        <div role="dialog" aria-modal="true" aria-label={t('title.language')}>
          <LanguageRadioList
            languages={LANGUAGES}
            value={current.file_name}
            label={t('title.language')}
            onChange={(language) => {
              setOpen(false);
              void applyLanguage(language);
            }}
          />
        </div>
      </Popup>
    </>
  );
};
