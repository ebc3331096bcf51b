// The language feature's public file: other features of this remote import from here only (lint: import-x/no-restricted-paths).
export { LanguageRadioList } from './components/language-radio-list';
export { useApplyLanguage } from './hooks/use-apply-language';
