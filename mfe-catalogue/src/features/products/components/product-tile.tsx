import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Money, pictureUrl } from '@marketplace/shared';
import type { ProductCard } from '@marketplace/shared/contracts';
import '../../catalogue-common.css';
import './product-tile.css';

/** Picture side in CSS pixels; width and height are given so the grid never shifts as images load. */
const TILE_IMAGE_SIZE = 180;

/** One product in a grid: picture, title, price and sold count, leading to its detail page. */
export default function ProductTile({ product, eager = false }: { product: ProductCard; eager?: boolean }) {
  const { t } = useTranslation('catalogue');
  return (
    <Link className="catalogue-product-tile" to={`/detail/${product.id}`}>
      <img
        className="catalogue-square-picture"
        src={pictureUrl(product.image, TILE_IMAGE_SIZE)}
        alt=""
        width={TILE_IMAGE_SIZE}
        height={TILE_IMAGE_SIZE}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <span className="catalogue-product-tile__title">{product.title}</span>
      <span className="catalogue-product-tile__meta">
        <strong className="catalogue-product-tile__price">
          <Money cents={product.unitPrice} />
        </strong>
        <span>{t('product.sold', { count: product.sold })}</span>
      </span>
    </Link>
  );
}
