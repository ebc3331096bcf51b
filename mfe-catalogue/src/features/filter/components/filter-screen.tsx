import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Input, List, Radio, Space } from 'antd-mobile';
import { PageHeader } from '@marketplace/shared';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductSort,
} from '@marketplace/shared/contracts/core';
import { useCategoryName } from '../../categories/categories';
import { buildProductsUrl } from '../products-url';
import './filter-screen.css';

const ANY = '';

/** `/filter`: choose category, order and price range, then open the matching product list. */
export default function FilterScreen() {
  const { t } = useTranslation('catalogue');
  const categoryName = useCategoryName();
  const navigate = useNavigate();
  const [category, setCategory] = useState<ProductCategory | typeof ANY>(ANY);
  const [sort, setSort] = useState<ProductSort>('sales');
  const [minPrice, setMinPrice] = useState('');
  const [maxPrice, setMaxPrice] = useState('');
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const result = buildProductsUrl({ category, sort, minPrice, maxPrice });
    if ('error' in result) {
      // i18n-keys: filter.priceInvalid, filter.priceOrder
      setError(t(`filter.${result.error}`));
      return;
    }
    navigate(result.url);
  };

  const reset = () => {
    setCategory(ANY);
    setSort('sales');
    setMinPrice('');
    setMaxPrice('');
    setError(null);
  };

  return (
    <div className="catalogue-filter">
      <PageHeader title={t('title.filter')} />
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
        <Radio.Group value={sort} onChange={(value) => setSort(value as ProductSort)}>
          <List.Item>
            <Space direction="vertical" block>
              {PRODUCT_SORTS.map((key) => (
                // i18n-keys: filter.sorts.sales, filter.sorts.priceAsc, filter.sorts.priceDesc, filter.sorts.newest
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
            <Input
              aria-label={t('filter.minPrice')}
              placeholder={t('filter.minPrice')}
              inputMode="decimal"
              value={minPrice}
              onChange={setMinPrice}
            />
            <span aria-hidden="true">–</span>
            <Input
              aria-label={t('filter.maxPrice')}
              placeholder={t('filter.maxPrice')}
              inputMode="decimal"
              value={maxPrice}
              onChange={setMaxPrice}
            />
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
