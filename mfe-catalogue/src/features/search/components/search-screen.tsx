import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { useGoBack } from '@marketplace/shared';
import { KEYWORD_MAX_LENGTH } from '@marketplace/shared/contracts/core';
import { useListHotKeywordsQuery, useListSearchSuggestionsQuery } from '../api';
import { addToSearchHistory, clearSearchHistory, readSearchHistory } from '../search-history';
import '../../catalogue-common.css';
import './search-screen.css';

const SUGGEST_DELAY_MS = 250;

/** The typed text after the shopper pauses, so suggestions are not asked for on every key. */
const useSettled = (value: string, delayMs: number): string => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

const KeywordChips = ({
  label,
  keywords,
  onPick,
}: {
  label: string;
  keywords: string[];
  onPick: (k: string) => void;
}) => (
  <ul className="catalogue-wrap-list" aria-label={label}>
    {keywords.map((keyword) => (
      <li key={keyword}>
        <button type="button" className="catalogue-search__chip" onClick={() => onPick(keyword)}>
          {keyword}
        </button>
      </li>
    ))}
  </ul>
);

/**
 * `/search`: type a keyword (with suggestions), or pick one from the history or the hot keywords.
 * `/search?keyword=…` (from a result list) opens with that keyword in the box.
 */
export default function SearchScreen() {
  const { t, i18n } = useTranslation('catalogue');
  const language = i18n.language;
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState(() => params.get('keyword') ?? '');
  const [history, setHistory] = useState(readSearchHistory);
  const settled = useSettled(keyword.trim(), SUGGEST_DELAY_MS);
  const { data: suggestions = [] } = useListSearchSuggestionsQuery({ keyword: settled, language }, { skip: !settled });
  const { data: hotKeywords = [] } = useListHotKeywordsQuery(language);

  const search = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    setHistory(addToSearchHistory(trimmed));
    navigate(`/searchs?keyword=${encodeURIComponent(trimmed)}`);
  };

  return (
    <div className="catalogue-search">
      <form
        role="search"
        className="catalogue-search__bar"
        onSubmit={(event) => {
          event.preventDefault();
          search(keyword);
        }}
      >
        <button type="button" className="catalogue-search__back" aria-label={t('back')} onClick={() => goBack()}>
          <span aria-hidden="true">‹</span>
        </button>
        {/* A plain search field: antd's SearchBar names its input in antd's own words only. */}
        <input
          className="catalogue-search__input"
          type="search"
          enterKeyHint="search"
          aria-label={t('search.label')}
          placeholder={t('home.search')}
          value={keyword}
          maxLength={KEYWORD_MAX_LENGTH}
          onChange={(event) => setKeyword(event.target.value)}
          // The shopper came here to type.
          autoFocus
        />
        <Button type="submit" size="small" color="primary">
          {t('search.submit')}
        </Button>
      </form>
      {settled && keyword.trim() && suggestions.length > 0 ? (
        <ul className="catalogue-search__suggestions" aria-label={t('search.suggestions')}>
          {suggestions.map((suggestion) => (
            <li key={suggestion}>
              <button type="button" onClick={() => search(suggestion)}>
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <>
          {history.length > 0 && (
            <section className="catalogue-search__section" aria-labelledby="catalogue-search-history">
              <div className="catalogue-search__section-head">
                <h2 id="catalogue-search-history">{t('search.history')}</h2>
                <Button size="mini" fill="none" onClick={() => setHistory(clearSearchHistory())}>
                  {t('search.clearHistory')}
                </Button>
              </div>
              <KeywordChips label={t('search.history')} keywords={history} onPick={search} />
            </section>
          )}
          {hotKeywords.length > 0 && (
            <section className="catalogue-search__section" aria-labelledby="catalogue-search-hot">
              <div className="catalogue-search__section-head">
                <h2 id="catalogue-search-hot">{t('search.hot')}</h2>
              </div>
              <KeywordChips label={t('search.hot')} keywords={hotKeywords} onPick={search} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
