import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import errors from '../contracts/messages/en.json';
import { I18N_BASE_OPTIONS } from '../i18n/i18n-options';
import { htmlLangPlurals } from '../i18n/plural-rules';
import common from '../i18n/locales/en/common.json';

/**
 * English `common` and `errors` on the shared i18next instance, as the shell sets them up, so
 * tests read the texts of the requirements word for word. `extra` adds a remote's namespace.
 */
export const initTestI18n = async (extra: Record<string, Record<string, unknown>> = {}): Promise<typeof i18next> => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(htmlLangPlurals)
      .init({
        ...I18N_BASE_OPTIONS,
        lng: 'en',
        resources: { en: { common, errors } },
      });
  }
  for (const [ns, messages] of Object.entries(extra)) i18next.addResourceBundle('en', ns, messages, true, true);
  return i18next;
};
