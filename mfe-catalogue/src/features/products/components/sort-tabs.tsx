import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd-mobile';
import { useDirection } from '@marketplace/shared';
import { PRODUCT_SORTS, type ProductSort } from '@marketplace/shared/contracts/core';

/** The four list orders as tabs; the owner keeps the choice in the URL. */
export default function SortTabs({ sort, onChange }: { sort: ProductSort; onChange: (sort: ProductSort) => void }) {
  const { t } = useTranslation('catalogue');
  const direction = useDirection();
  return (
    <Tabs direction={direction} activeKey={sort} onChange={(key) => onChange(key as ProductSort)}>
      {PRODUCT_SORTS.map((key) => (
        // i18n-keys: filter.sorts.sales, filter.sorts.priceAsc, filter.sorts.priceDesc, filter.sorts.newest
        <Tabs.Tab key={key} title={t(`filter.sorts.${key}`)} />
      ))}
    </Tabs>
  );
}
