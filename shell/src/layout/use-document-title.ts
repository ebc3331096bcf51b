import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

// A page title lives in its remote's namespace, which arrives after the first render of the page.
let bundlesAdded = 0;
const subscribeToBundles = (onChange: () => void) => {
  const added = () => {
    bundlesAdded += 1;
    onChange();
  };
  i18next.store.on('added', added);
  return () => i18next.store.off('added', added);
};

/** `<page title> - <app name>`, in the current language, on navigation, language change and text arrival. */
export const useDocumentTitle = (titleKey: string): void => {
  const { t, i18n } = useTranslation('common');
  const language = i18n.language;
  const textsVersion = useSyncExternalStore(subscribeToBundles, () => bundlesAdded);
  useEffect(() => {
    document.title = `${t(titleKey)} - ${t('appName')}`;
  }, [t, titleKey, language, textsVersion]);
};
