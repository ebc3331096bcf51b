import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd-mobile';
import { EmptyState, PagedList } from '@marketplace/shared';
import type { Page, ProductCard } from '@marketplace/shared/contracts';
import ProductTile from './product-tile';

export const PRODUCT_PAGE_SIZE = 20;
const SKELETON_TILES = 4;

/** Tile-shaped placeholders for the first page, so nothing below jumps when the products arrive. */
const GridSkeleton = () => (
  <ul className="catalogue-product-grid__skeleton catalogue-product-tiles" aria-hidden="true">
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
  onFirstPage,
}: {
  loadPage: (page: number) => Promise<Page<ProductCard>>;
  label: string;
  empty?: string;
  /** Called once the first page's answer is on screen (see PagedList). */
  onFirstPage?: () => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    // Until the first page answers, tile-shaped skeletons stand where the first tiles will be; the
    // products replace them in the same render, so nothing the shopper sees moves.
    <div className="catalogue-product-grid">
      <PagedList<ProductCard>
        loadPage={loadPage}
        pageSize={PRODUCT_PAGE_SIZE}
        label={label}
        itemKey={(product) => product.id}
        renderItem={(product, index) => <ProductTile product={product} eager={index < 2} />}
        empty={<EmptyState title={empty ?? t('product.empty')} />}
        placeholder={<GridSkeleton />}
        onFirstPage={onFirstPage}
      />
    </div>
  );
}
