import { findLanguage, type Language } from '@marketplace/shared/contracts/core';
import { List, Radio } from 'antd-mobile';
import { useId } from 'react';

type LanguageOption = Pick<Language, 'language_name' | 'chinese_name' | 'file_name'>;

interface LanguageRadioListProps {
  languages: readonly LanguageOption[];
  value: string;
  label: string;
  onChange: (language: LanguageOption) => void;
}

/**
 * One radio per language, named by its own name (a person finds "Deutsch" as "Deutsch"); the
 * Chinese name is secondary text outside the radio's label.
 */
export const LanguageRadioList = ({ languages, value, label, onChange }: LanguageRadioListProps) => {
  const idPrefix = useId();
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
                description={language.chinese_name !== language.language_name ? language.chinese_name : undefined}
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
