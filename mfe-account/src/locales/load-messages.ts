import { loadLocaleFile, type Messages } from '@marketplace/shared';

/** The account texts of a language: this build's static file, fetched by URL; a language without one reads English. */
export const loadAccountMessages = (lang: string): Promise<Messages> =>
  loadLocaleFile(lang, `${__webpack_public_path__}${process.env.LOCALES_DIR}/account`);
