import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd-mobile';
import { useDirection } from '@marketplace/shared';
import { PRODUCT_SORTS, type SearchSort } from '@marketplace/shared/contracts/core';

/** The list orders as tabs (a search adds best match); the owner keeps the choice in the URL. */
export default function SortTabs({
  sort,
  onChange,
  sorts = PRODUCT_SORTS,
}: {
  sort: SearchSort;
  onChange: (sort: SearchSort) => void;
  sorts?: readonly SearchSort[];
}) {
  const { t } = useTranslation('catalogue');
  const direction = useDirection();
  return (
    <Tabs direction={direction} activeKey={sort} onChange={(key) => onChange(key as SearchSort)}>
      {sorts.map((key) => (
        // i18n-keys: filter.sorts.relevance, filter.sorts.sales, filter.sorts.priceAsc, filter.sorts.priceDesc, filter.sorts.newest
        <Tabs.Tab key={key} title={t(`filter.sorts.${key}`)} />
      ))}
    </Tabs>
  );
}
