import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd-mobile';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { EmptyState, Money, PageHeader, toastSuccess } from '@marketplace/shared';
import type { ProductDetail } from '@marketplace/shared/contracts';
import {
  useGetProductDetailQuery,
  useSaveProductMutation,
  useUnsaveProductMutation,
  ProductTile,
} from '../../products';
import { useAddBagItemMutation, QuantityStepper } from '../../bag';
import { useLoginFirst } from '../../session';
import { idParam, ShopTile } from '../../shops';
import { buyNowUrl, missingSpec } from '../spec-choice';
import { useScreenReady } from '../../screen-ready';
import BuyBar from './buy-bar';
import type { SheetPurpose } from './option-sheet';
import ProductComments from './product-comments';
import RatingSummary from './rating-summary';
import SpecPicker from './spec-picker';
import { GalleryPicture } from './gallery-picture';
import './detail-controls.css';
import './detail-screen.css';

/** Opened by the shopper, not drawn with the page: each is its own chunk, fetched on the first tap. */
const OptionSheet = lazy(() => import('./option-sheet'));
const ReviewList = lazy(() => import('./review-list'));
const PictureViewer = lazy(() => import('./picture-viewer'));

/**
 * The Swiper, with react-spring and @use-gesture under it, is its own chunk: evaluating them with this
 * screen's code was most of one ~90 ms task at 4x CPU on the product page's start, and its first
 * render most of the gallery's. The first picture shows in the same square until it takes over.
 */
const ProductGallery = lazy(() => import('./product-gallery'));

const Gallery = ({ images, title }: { images: string[]; title: string }) => {
  // The picture open full screen, or null.
  const [viewing, setViewing] = useState<number | null>(null);
  const first = <GalleryPicture src={images[0] ?? ''} index={0} title={title} onOpen={setViewing} />;
  return (
    <>
      {images.length < 2 ? (
        first
      ) : (
        <Suspense fallback={first}>
          <ProductGallery images={images} title={title} onOpen={setViewing} />
        </Suspense>
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <PictureViewer images={images} index={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
};

const Purchase = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const loginFirst = useLoginFirst();
  const quantityId = useId();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(1);
  // The option sheet, open for adding or for buying; null when closed.
  const [sheet, setSheet] = useState<SheetPurpose | null>(null);
  const [addBagItem, adding] = useAddBagItemMutation();
  const soldOut = product.stock < 1;
  const choose = (name: string, option: string) => setChosen((current) => ({ ...current, [name]: option }));

  /**
   * Every spec needs an option before the product can go in the bag or to checkout: until then the
   * option sheet opens (it says which spec is missing) instead of the product going anywhere.
   */
  const ready = (purpose: SheetPurpose): boolean => {
    if (missingSpec(product.specs, chosen) === null) return true;
    setSheet(purpose);
    return false;
  };

  const addToBag = async () => {
    if (!ready('bag') || !loginFirst()) return;
    try {
      await addBagItem({ productId: product.id, spec: chosen, quantity }).unwrap();
      setSheet(null);
      toastSuccess({ key: 'catalogue:detail.added' });
    } catch {
      // The base query has already shown why.
    }
  };

  const buyNow = () => {
    if (!ready('buy') || !loginFirst()) return;
    setSheet(null);
    navigate(buyNowUrl(product.id, quantity, chosen));
  };

  return (
    <>
      <section className="catalogue-detail__card" aria-label={t('detail.choose')}>
        <SpecPicker specs={product.specs} chosen={chosen} onChoose={choose} />
        <div className="catalogue-detail__quantity">
          <span id={quantityId}>{t('detail.quantity')}</span>
          <div role="group" aria-labelledby={quantityId}>
            <QuantityStepper value={quantity} stock={product.stock} onChange={setQuantity} />
          </div>
        </div>
      </section>
      <BuyBar disabled={soldOut} adding={adding.isLoading} onAdd={() => void addToBag()} onBuy={buyNow} />
      {sheet !== null && (
        <Suspense fallback={null}>
          <OptionSheet
            product={product}
            purpose={sheet}
            chosen={chosen}
            quantity={quantity}
            adding={adding.isLoading}
            onChoose={choose}
            onQuantity={setQuantity}
            onAdd={() => void addToBag()}
            onBuy={buyNow}
            onClose={() => setSheet(null)}
          />
        </Suspense>
      )}
    </>
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
      className="catalogue-icon-button catalogue-detail__heart"
      aria-pressed={saved}
      aria-label={t('detail.save')}
      onClick={() => void toggle()}
    >
      {saved ? <HeartFill aria-hidden="true" /> : <HeartOutline aria-hidden="true" />}
    </button>
  );
};

/**
 * Everything below the price and title card: choosing and buying, the shop, ratings, comments, the
 * description and the recommendations. Most of the screen's rendering work, and below the first view.
 */
const BelowTheTitle = ({ product }: { product: ProductDetail }) => {
  const { t } = useTranslation('catalogue');
  const [reviewsOpen, setReviewsOpen] = useState(false);
  // Mounted on the first opening, then kept so the sheet can animate out and in again.
  const [reviewsWanted, setReviewsWanted] = useState(false);
  const openReviews = () => {
    setReviewsWanted(true);
    setReviewsOpen(true);
  };
  return (
    <>
      <Purchase key={product.id} product={product} />
      <section className="catalogue-detail__card catalogue-detail__shop" aria-label={t('detail.shop')}>
        <ShopTile shop={product.shop} />
      </section>
      <RatingSummary rating={product.rating} onOpen={openReviews} />
      <ProductComments productId={product.id} onOpen={openReviews} />
      {reviewsWanted && (
        <Suspense fallback={null}>
          <ReviewList
            productId={product.id}
            rating={product.rating}
            open={reviewsOpen}
            onClose={() => setReviewsOpen(false)}
          />
        </Suspense>
      )}
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
          <ul className="catalogue-detail__recommend catalogue-product-tiles">
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
      <div>
        <PageHeader title={t('title.detail')} />
        {/* A named live region while the product loads (never a name on a plain div: axe aria-prohibited-attr). */}
        <div role="status" aria-busy="true" aria-label={t('loading')}>
          <Skeleton animated className="catalogue-detail__image-skeleton" />
          <div className="catalogue-detail__card">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
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
