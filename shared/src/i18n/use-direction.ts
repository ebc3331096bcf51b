import { findLanguage } from '@marketplace/shared/contracts/core';
import { useTranslation } from 'react-i18next';

/**
 * `rtl` for Arabic and Urdu, else `ltr`: for components that lay themselves out in script rather
 * than CSS, such as antd-mobile's Tabs (`<Tabs direction={useDirection()}>`), whose ink bar and
 * scrolling otherwise assume left to right.
 */
export const useDirection = (): 'ltr' | 'rtl' => {
  const { i18n } = useTranslation();
  return findLanguage(i18n?.language)?.dir ?? 'ltr';
};
