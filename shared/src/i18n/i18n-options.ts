import type { InitOptions } from 'i18next';
import { DEFAULT_LANGUAGE } from '@marketplace/shared/contracts/core';

/**
 * Options every i18next instance of the app needs. `lowerCaseLng` keeps the codes of requirements §9.1 as they
 * are (i18next would otherwise turn `zh-cn` into `zh-CN` and miss the bundles added under `zh-cn`),
 * and `currentOnly` stops it looking for a `zh` bundle that does not exist.
 */
export const I18N_BASE_OPTIONS = {
  fallbackLng: DEFAULT_LANGUAGE,
  lowerCaseLng: true,
  load: 'currentOnly',
  ns: ['common', 'errors'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
