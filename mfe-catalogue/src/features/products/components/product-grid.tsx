import { startTransition, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd-mobile';
import { EmptyState, PagedList } from '@marketplace/shared';
import type { Page, ProductCard } from '@marketplace/shared/contracts';
import ProductTile from './product-tile';

export const PRODUCT_PAGE_SIZE = 20;
const SKELETON_TILES = 4;

/** Tile-shaped placeholders for the first page, so nothing below jumps when the products arrive. */
const GridSkeleton = () => (
  <ul className="catalogue-product-grid__skeleton" aria-hidden="true">
    {Array.from({ length: SKELETON_TILES }, (_, index) => (
      <li key={index}>
        <Skeleton animated className="catalogue-product-grid__skeleton-image" />
        <Skeleton.Paragraph lineCount={2} animated />
      </li>
    ))}
  </ul>
);

/** Products two to a row with pull-to-refresh and infinite loading; the first row loads eagerly. */
export default function ProductGrid({
  loadPage,
  label,
  empty,
}: {
  loadPage: (page: number) => Promise<Page<ProductCard>>;
  label: string;
  empty?: string;
}) {
  const { t } = useTranslation('catalogue');
  const [answered, setAnswered] = useState(false);
  const load = useCallback(
    async (page: number) => {
      try {
        return await loadPage(page);
      } finally {
        // Rendered with the page's items (a transition in usePagedList), so the skeleton gives way to them.
        startTransition(() => setAnswered(true));
      }
    },
    [loadPage],
  );
  return (
    // Until the first page answers, the skeleton holds the place and the list (with its "Loading"
    // footer) stays invisible, so nothing the shopper sees moves when the products arrive.
    <div className={answered ? 'catalogue-product-grid' : 'catalogue-product-grid catalogue-product-grid--waiting'}>
      {!answered && <GridSkeleton />}
      <PagedList<ProductCard>
        loadPage={load}
        pageSize={PRODUCT_PAGE_SIZE}
        label={label}
        itemKey={(product) => product.id}
        renderItem={(product, index) => <ProductTile product={product} eager={index < 2} />}
        empty={<EmptyState title={empty ?? t('product.empty')} />}
      />
    </div>
  );
}
