import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'antd-mobile';
import { EmptyState, Money, PageHeader, toastFail, toastSuccess } from '@marketplace/shared';
import type { ProductDetail } from '@marketplace/shared/contracts';
import { useGetProductDetailQuery, useSaveProductMutation, useUnsaveProductMutation } from '../../products/api';
import { useAddBagItemMutation } from '../../bag/api';
import { useLoginFirst } from '../../session/use-login-first';
import { idParam } from '../../shops/components/shop-screen';
import ShopTile from '../../shops/components/shop-tile';
import ProductTile from '../../products/components/product-tile';
import QuantityStepper from '../../bag/components/quantity-stepper';
import { buyNowUrl, missingSpec } from '../spec-choice';
import { useScreenReady } from '../../screen-ready';
import ProductComments from './product-comments';
import RatingSummary from './rating-summary';
import SpecPicker from './spec-picker';
import { GalleryPicture } from './gallery-picture';
import './detail-screen.css';

/**
 * The Swiper, with react-spring and @use-gesture under it, is its own chunk: evaluating them with this
 * screen's code was most of one ~90 ms task at 4x CPU on the product page's start, and its first
 * render most of the gallery's. The first picture shows in the same square until it takes over.
 */
const ProductGallery = lazy(() => import('./product-gallery'));

const Gallery = ({ images, title }: { images: string[]; title: string }) => {
  const first = <GalleryPicture src={images[0] ?? ''} index={0} title={title} />;
  if (images.length < 2) return first;
  return (
    <Suspense fallback={first}>
      <ProductGallery images={images} title={title} />
    </Suspense>
  );
};

const Purchase = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const loginFirst = useLoginFirst();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(1);
  const [addBagItem, adding] = useAddBagItemMutation();
  const soldOut = product.stock < 1;

  /** Every spec needs an option before the product can go in the bag or to checkout. */
  const readySpec = (): Record<string, string> | null => {
    const missing = missingSpec(product.specs, chosen);
    if (missing === null) return chosen;
    toastFail({ key: 'catalogue:detail.chooseSpec', values: { name: missing } });
    return null;
  };

  const addToBag = async () => {
    const spec = readySpec();
    if (!spec || !loginFirst()) return;
    try {
      await addBagItem({ productId: product.id, spec, quantity }).unwrap();
      toastSuccess({ key: 'catalogue:detail.added' });
    } catch {
      // The base query has already shown why.
    }
  };

  const buyNow = () => {
    const spec = readySpec();
    if (!spec || !loginFirst()) return;
    navigate(buyNowUrl(product.id, quantity, spec));
  };

  return (
    <section className="catalogue-detail__card" aria-label={t('detail.choose')}>
      <SpecPicker
        specs={product.specs}
        chosen={chosen}
        onChoose={(name, option) => setChosen((current) => ({ ...current, [name]: option }))}
      />
      <div className="catalogue-detail__quantity">
        <span id="catalogue-detail-quantity">{t('detail.quantity')}</span>
        <div role="group" aria-labelledby="catalogue-detail-quantity">
          <QuantityStepper value={quantity} stock={product.stock} onChange={setQuantity} />
        </div>
      </div>
      <div className="catalogue-detail__actions">
        <Button block color="warning" disabled={soldOut} loading={adding.isLoading} onClick={() => void addToBag()}>
          {t('detail.addToBag')}
        </Button>
        <Button block color="danger" disabled={soldOut} onClick={buyNow}>
          {t('detail.buyNow')}
        </Button>
      </div>
    </section>
  );
};

const SaveToggle = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation('catalogue');
  const loginFirst = useLoginFirst();
  const [saved, setSaved] = useState(product.saved);
  const [save] = useSaveProductMutation();
  const [unsave] = useUnsaveProductMutation();
  const toggle = async () => {
    if (!loginFirst()) return;
    try {
      const result = await (saved ? unsave(product.id) : save(product.id)).unwrap();
      setSaved(result.saved);
    } catch {
      // The base query has already shown why.
    }
  };
  return (
    <button
      type="button"
      className="catalogue-detail__heart"
      aria-pressed={saved}
      aria-label={t('detail.save')}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
    </button>
  );
};

/**
 * Everything below the price and title card: choosing and buying, the shop, ratings, comments, the
 * description and the recommendations. Most of the screen's rendering work, and below the first view.
 */
const BelowTheTitle = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation('catalogue');
  return (
    <>
      <Purchase key={product.id} product={product} />
      <section className="catalogue-detail__card catalogue-detail__shop" aria-label={t('detail.shop')}>
        <ShopTile shop={product.shop} />
      </section>
      <RatingSummary rating={product.rating} />
      <ProductComments productId={product.id} />
      {product.description && (
        <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-description">
          <h2 id="catalogue-detail-description" className="catalogue-detail__heading">
            {t('detail.description')}
          </h2>
          <p className="catalogue-detail__description">{product.description}</p>
        </section>
      )}
      {product.recommend.length > 0 && (
        <section aria-labelledby="catalogue-detail-recommend">
          <h2 id="catalogue-detail-recommend" className="catalogue-detail__heading catalogue-detail__heading--outside">
            {t('detail.recommend')}
          </h2>
          <ul className="catalogue-detail__recommend">
            {product.recommend.map((item) => (
              <li key={item.id}>
                <ProductTile product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
};

/** `/detail/:product?/:mer?`: pictures, price, stock, specs and quantity, the shop, ratings, add to bag or buy now. */
export default function DetailScreen() {
  const { t } = useTranslation('catalogue');
  const id = idParam(useParams().product);
  const {
    data: product,
    isLoading,
    isError,
  } = useGetProductDetailQuery(id ?? 0, {
    skip: id === null,
    refetchOnMountOrArgChange: true,
  });
  // The answer arrives as a store update, which React renders in one piece (useSyncExternalStore), within
  // the animation frame Redux Toolkit notifies in: the product is drawn from a deferred copy instead, in a
  // background render that gives the main thread back every few milliseconds (on a slow phone the whole
  // screen at once was a ~400 ms task, the gallery and title card alone ~100 ms). Meanwhile the first-paint
  // layer or the skeleton stays.
  const shown = useDeferredValue(product);
  // The first-paint layer, which drew the picture and title before any bundle ran, leaves with the product.
  useScreenReady(id === null || isError || Boolean(shown));

  if (id === null || isError) {
    return (
      <div>
        <PageHeader title={t('title.detail')} />
        <EmptyState title={t('detail.notFound')} />
      </div>
    );
  }

  if (isLoading || !shown) {
    return (
      <div aria-busy="true" aria-label={t('loading')}>
        <PageHeader title={t('title.detail')} />
        <Skeleton animated className="catalogue-detail__image-skeleton" />
        <div className="catalogue-detail__card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      </div>
    );
  }

  const images = shown.images.length > 0 ? shown.images : [shown.image];
  return (
    <div className="catalogue-detail">
      <PageHeader title={t('title.detail')} right={<SaveToggle key={shown.id} product={shown} />} />
      <Gallery images={images} title={shown.title} />
      <section className="catalogue-detail__card" aria-labelledby="catalogue-detail-title">
        <p className="catalogue-detail__price">
          <Money cents={shown.unitPrice} />
        </p>
        <h2 id="catalogue-detail-title" className="catalogue-detail__title">
          {shown.title}
        </h2>
        <ul className="catalogue-detail__facts">
          <li>{t('detail.stock', { count: shown.stock })}</li>
          <li>{t('product.sold', { count: shown.sold })}</li>
          <li>{t('detail.seen', { count: shown.seen })}</li>
        </ul>
      </section>
      <BelowTheTitle product={shown} />
    </div>
  );
}
