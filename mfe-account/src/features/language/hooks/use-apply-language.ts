import { addCoreNamespaces, addRemoteNamespace, languageChanged, useAppDispatch } from '@marketplace/shared';
import type { Language } from '@marketplace/shared/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAccountMessages } from '../../../locales/load-messages';

type LanguageChoice = Pick<Language, 'language_name' | 'chinese_name' | 'file_name'>;

/**
 * Stores the choice in the session (the cookie and request headers follow it) and switches
 * i18next. The shared texts and this remote's own are put in place first, so the screens never
 * show a half-switched page.
 */
export const useApplyLanguage = () => {
  const dispatch = useAppDispatch();
  const { i18n } = useTranslation('account');
  return useCallback(
    async ({ language_name, chinese_name, file_name }: LanguageChoice) => {
      dispatch(languageChanged({ language_name, chinese_name, file_name }));
      await Promise.all([
        addCoreNamespaces(i18n, file_name),
        addRemoteNamespace(i18n, 'account', loadAccountMessages, file_name),
      ]);
      await i18n.changeLanguage(file_name);
    },
    [dispatch, i18n],
  );
};
