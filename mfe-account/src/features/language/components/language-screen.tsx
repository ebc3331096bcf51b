import { selectLang, selectToken, toastSuccess, useAppSelector, useGoBack } from '@marketplace/shared';
import type { Language } from '@marketplace/shared/contracts';
import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AccountPage } from '../../layout';
import { useListLanguagesQuery, useSetUserLanguageMutation } from '../api';
import { useApplyLanguage } from '../hooks/use-apply-language';
import { LanguageRadioList } from './language-radio-list';

type LanguageChoice = Pick<Language, 'language_name' | 'chinese_name' | 'file_name'>;

export const LanguageScreen = () => {
  const { t } = useTranslation(['account', 'common']);
  const current = useAppSelector(selectLang);
  const signedIn = Boolean(useAppSelector(selectToken));
  const { data: languages } = useListLanguagesQuery();
  const [setUserLanguage] = useSetUserLanguageMutation();
  const applyLanguage = useApplyLanguage();
  const goBack = useGoBack();

  const choose = async (language: LanguageChoice) => {
    // Signed in, the account remembers the choice (server messages follow it); a failure keeps the old one.
    if (signedIn) {
      const result = await setUserLanguage({ lang: language.file_name });
      if (result.error) return;
    }
    await applyLanguage(language);
    toastSuccess({ key: 'errors:ok.setting' });
    goBack();
  };

  return (
    <AccountPage title={t('title.language')}>
      {languages ? (
        <LanguageRadioList
          languages={languages}
          value={current.file_name}
          label={t('title.language')}
          onChange={(language) => void choose(language)}
        />
      ) : (
        <div className="account-note" role="status" aria-label={t('common:loading')}>
          <SpinLoading />
        </div>
      )}
    </AccountPage>
  );
};
