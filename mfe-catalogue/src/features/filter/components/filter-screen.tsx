import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Input, List, Radio, Space } from 'antd-mobile';
import { PageHeader } from '@marketplace/shared';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  SEARCH_SORTS,
  type ProductCategory,
  type SearchSort,
} from '@marketplace/shared/contracts/core';
import { useCategoryName } from '../../categories';
import { readListFilter } from '../../products';
import { buildProductsUrl } from '../products-url';
import './filter-screen.css';

const ANY = '';

/** A price bound the shopper types, named by its placeholder. */
const PriceInput = ({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) => <Input aria-label={label} placeholder={label} inputMode="decimal" value={value} onChange={onChange} />;

/** Cents from the URL as the shopper would type them (1999 → "19.99", 5000 → "50"). */
const typedAmount = (cents: number | undefined) =>
  cents === undefined ? '' : (cents / 100).toFixed(2).replace(/\.00$/, '');

/**
 * `/filter`: choose category, order and price range, then open the matching product list.
 * `/filter?keyword=…&category=…` (from a result list) starts from that list's filter and keeps its keyword.
 */
export default function FilterScreen() {
  const { t } = useTranslation('catalogue');
  const categoryName = useCategoryName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [category, setCategory] = useState<ProductCategory | typeof ANY>(ANY);
  const [sort, setSort] = useState<SearchSort>('sales');
  const [minPrice, setMinPrice] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Kept alive: each arrival with a list's filter in the URL starts from that filter (state adjusted
  // while rendering, as React advises for state that follows a changed input).
  const arrivedWith = params.toString();
  const [startedFrom, setStartedFrom] = useState('');
  if (arrivedWith && arrivedWith !== startedFrom) {
    const from = readListFilter(new URLSearchParams(arrivedWith));
    setStartedFrom(arrivedWith);
    setKeyword(from.keyword);
    setCategory(from.category ?? ANY);
    setSort(from.sort);
    setMinPrice(typedAmount(from.minPrice));
    setMaxPrice(typedAmount(from.maxPrice));
    setError(null);
  }

  const apply = () => {
    const result = buildProductsUrl({ keyword, category, sort, minPrice, maxPrice });
    if ('error' in result) {
      // i18n-keys: filter.priceInvalid, filter.priceOrder
      setError(t(`filter.${result.error}`));
      return;
    }
    navigate(result.url);
  };

  const reset = () => {
    setCategory(ANY);
    setSort(keyword ? 'relevance' : 'sales');
    setMinPrice('');
    setMaxPrice('');
    setError(null);
  };

  return (
    <div className="catalogue-filter">
      <PageHeader title={t('title.filter')} />
      {keyword && <p className="catalogue-filter__keyword">{t('search.resultsFor', { keyword })}</p>}
      <List header={t('filter.category')}>
        <Radio.Group value={category} onChange={(value) => setCategory(value as ProductCategory | typeof ANY)}>
          <List.Item>
            <Space direction="vertical" block>
              <Radio value={ANY}>{t('filter.anyCategory')}</Radio>
              {PRODUCT_CATEGORIES.map((key) => (
                <Radio key={key} value={key}>
                  {categoryName(key)}
                </Radio>
              ))}
            </Space>
          </List.Item>
        </Radio.Group>
      </List>
      <List header={t('filter.sort')}>
        <Radio.Group value={sort} onChange={(value) => setSort(value as SearchSort)}>
          <List.Item>
            <Space direction="vertical" block>
              {(keyword ? SEARCH_SORTS : PRODUCT_SORTS).map((key) => (
                // i18n-keys: filter.sorts.relevance, filter.sorts.sales, filter.sorts.priceAsc, filter.sorts.priceDesc, filter.sorts.newest
                <Radio key={key} value={key}>
                  {t(`filter.sorts.${key}`)}
                </Radio>
              ))}
            </Space>
          </List.Item>
        </Radio.Group>
      </List>
      <List header={t('filter.price')}>
        <List.Item>
          <div className="catalogue-filter__prices">
            <PriceInput label={t('filter.minPrice')} value={minPrice} onChange={setMinPrice} />
            <span aria-hidden="true">–</span>
            <PriceInput label={t('filter.maxPrice')} value={maxPrice} onChange={setMaxPrice} />
          </div>
          {error && (
            <p role="alert" className="catalogue-filter__error">
              {error}
            </p>
          )}
        </List.Item>
      </List>
      <div className="catalogue-filter__actions">
        <Button block onClick={reset}>
          {t('filter.reset')}
        </Button>
        <Button block color="primary" onClick={apply}>
          {t('filter.apply')}
        </Button>
      </div>
    </div>
  );
}
