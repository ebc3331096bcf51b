import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popup } from 'antd-mobile';
import { Money, pictureUrl } from '@marketplace/shared';
import type { ProductDetail } from '@marketplace/shared/contracts';
import { QuantityStepper } from '../../bag';
import { missingSpec, soldOutOption, variantOf } from '../spec-choice';
import SpecPicker from './spec-picker';
import { CloseButton } from './close-button';
import './option-sheet.css';

/** What the sheet was opened for: its button adds to the bag or buys now. */
export type SheetPurpose = 'bag' | 'buy';

const THUMB_SIZE = 88;

/**
 * The option sheet: the product's picture, price and stock, every spec and the quantity, then "Add to
 * bag" or "Buy now". It opens when the shopper buys before choosing, and says what is still missing.
 */
export default function OptionSheet({
  product,
  purpose,
  chosen,
  quantity,
  adding,
  onChoose,
  onQuantity,
  onAdd,
  onBuy,
  onClose,
}: {
  product: ProductDetail;
  /** null: closed. */
  purpose: SheetPurpose | null;
  chosen: Record<string, string>;
  quantity: number;
  adding: boolean;
  onChoose: (name: string, option: string) => void;
  onQuantity: (quantity: number) => void;
  onAdd: () => void;
  onBuy: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const titleId = useId();
  const quantityId = useId();
  const missing = missingSpec(product.specs, chosen);
  const chosenText = product.specs.map((spec) => chosen[spec.name]).filter(Boolean);
  // The chosen combination's own price and stock once every spec is chosen (docs/decisions/0012-variants-and-stock.md).
  const variant = missing === null ? variantOf(product.variants, chosen) : undefined;
  const price = variant?.unitPrice ?? product.unitPrice;
  const stock = missing === null && product.variants ? (variant?.stock ?? 0) : product.stock;
  const soldOut = stock < 1;
  return (
    <Popup visible={purpose !== null} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      {/* antd-mobile's Popup gives its sheet no role: the sheet is a modal dialog named by its title. */}
      <div className="catalogue-option-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="catalogue-option-sheet__head">
          <img
            className="catalogue-option-sheet__thumb"
            src={pictureUrl(product.images[0] ?? product.image, THUMB_SIZE)}
            alt=""
            width={THUMB_SIZE}
            height={THUMB_SIZE}
          />
          <div className="catalogue-option-sheet__summary">
            <h2 id={titleId} className="catalogue-option-sheet__title">
              {t('detail.choose')}
            </h2>
            <p className="catalogue-option-sheet__price">
              <Money cents={price} />
            </p>
            <p className="catalogue-option-sheet__stock">
              {soldOut ? t('detail.soldOut') : t('detail.stock', { count: stock })}
            </p>
            {missing !== null ? (
              <p className="catalogue-option-sheet__hint" role="alert">
                {t('detail.chooseSpec', { name: missing })}
              </p>
            ) : (
              chosenText.length > 0 && (
                <p className="catalogue-option-sheet__chosen">
                  {t('detail.chosen', { options: chosenText.join(' · ') })}
                </p>
              )
            )}
          </div>
          <CloseButton className="catalogue-option-sheet__close" onClose={onClose} />
        </header>
        <div className="catalogue-option-sheet__body">
          <SpecPicker
            specs={product.specs}
            chosen={chosen}
            onChoose={onChoose}
            soldOut={(name, option) => soldOutOption(product.specs, product.variants, chosen, name, option)}
            soldOutLabel={t('detail.soldOut')}
          />
          <div className="catalogue-detail__quantity">
            <span id={quantityId}>{t('detail.quantity')}</span>
            <div role="group" aria-labelledby={quantityId}>
              <QuantityStepper value={quantity} stock={stock} onChange={onQuantity} />
            </div>
          </div>
        </div>
        <footer className="catalogue-option-sheet__actions">
          {purpose === 'buy' ? (
            <Button block color="danger" disabled={soldOut} onClick={onBuy}>
              {t('detail.buyNow')}
            </Button>
          ) : (
            <Button block color="warning" disabled={soldOut} loading={adding} onClick={onAdd}>
              {t('detail.addToBag')}
            </Button>
          )}
        </footer>
      </div>
    </Popup>
  );
}
