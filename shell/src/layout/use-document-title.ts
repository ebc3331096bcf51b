import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `<page title> - <app name>`, in the current language, on navigation and on language change. */
export const useDocumentTitle = (titleKey: string): void => {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  useEffect(() => {
    document.title = `${t(titleKey)} - ${t('appName')}`;
  }, [t, titleKey, language]);
};
