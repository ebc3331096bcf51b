import { findLanguage, type Language } from '@marketplace/shared/contracts/core';
import { List, Radio } from 'antd-mobile';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type LanguageOption = Pick<Language, 'language_name' | 'chinese_name' | 'file_name'>;

interface LanguageRadioListProps {
  languages: readonly LanguageOption[];
  value: string;
  label: string;
  onChange: (language: LanguageOption) => void;
}

/** Chinese by its script, as a shopper picks it ("Simplified Chinese"), not by its region. */
const DISPLAY_TAG: Record<string, string> = { 'zh-CN': 'zh-Hans', 'zh-HK': 'zh-Hant' };

/**
 * The language's name in the shopper's current language ("German" in English, "Allemand" in French),
 * from the browser's own data (Intl.DisplayNames); undefined where it says nothing more than its own name.
 */
const namesIn = (uiTag: string) => {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([uiTag, 'en'], { type: 'language', languageDisplay: 'standard' });
  } catch {
    names = undefined;
  }
  return (language: LanguageOption): string | undefined => {
    const tag = findLanguage(language.file_name)?.htmlLang;
    if (!names || !tag) return undefined;
    const name = names.of(DISPLAY_TAG[tag] ?? tag);
    return name && name !== tag && name.toLocaleLowerCase() !== language.language_name.toLocaleLowerCase()
      ? name
      : undefined;
  };
};

/**
 * One radio per language, named by its own name (a person finds "Deutsch" as "Deutsch"); its name in
 * the shopper's current language (the English name for an English shopper) is secondary text outside
 * the radio's label, where it says more.
 */
export const LanguageRadioList = ({ languages, value, label, onChange }: LanguageRadioListProps) => {
  const idPrefix = useId();
  const { i18n } = useTranslation();
  const uiTag = findLanguage(i18n.language)?.htmlLang ?? 'en';
  const nameInUi = useMemo(() => namesIn(uiTag), [uiTag]);
  return (
    <Radio.Group
      value={value}
      onChange={(code) => {
        const language = languages.find((item) => item.file_name === code);
        if (language) onChange(language);
      }}
    >
      <div role="radiogroup" aria-label={label}>
        <List>
          {languages.map((language) => {
            const id = `${idPrefix}-${language.file_name}`;
            return (
              <List.Item
                key={language.file_name}
                prefix={<Radio id={id} value={language.file_name} />}
                description={nameInUi(language)}
              >
                <label className="language-option" htmlFor={id} lang={findLanguage(language.file_name)?.htmlLang}>
                  {language.language_name}
                </label>
              </List.Item>
            );
          })}
        </List>
      </div>
    </Radio.Group>
  );
};
