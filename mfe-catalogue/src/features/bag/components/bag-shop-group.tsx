import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { Money, pictureUrl } from '@marketplace/shared';
import type { BagItem, BagShopGroup as BagShop } from '@marketplace/shared/contracts';
import QuantityStepper from './quantity-stepper';
import SelectBox from './select-box';
import '../../catalogue-common.css';

const ITEM_IMAGE_SIZE = 80;

const specText = (spec: BagItem['spec']): string =>
  Object.entries(spec)
    .map(([name, option]) => `${name}: ${option}`)
    .join(' · ');

/** One shop's lines in the bag, with its select-all box and the subtotal of what is selected. */
export default function BagShopGroup({
  shop,
  onSelectShop,
  onSelectItem,
  onQuantity,
  onRemove,
}: {
  shop: BagShop;
  onSelectShop: (selected: boolean) => void;
  onSelectItem: (itemId: number, selected: boolean) => void;
  onQuantity: (itemId: number, quantity: number) => void;
  onRemove: (itemId: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <section className="catalogue-bag__shop" aria-label={shop.shopName}>
      <header className="catalogue-bag__shop-head">
        <SelectBox checked={shop.selected} onChange={onSelectShop}>
          <span className="catalogue-visually-hidden">{t('bag.selectShop', { name: shop.shopName })}</span>
        </SelectBox>
        <Link className="catalogue-bag__shop-name" to={`/shop/${shop.shopId}`}>
          {shop.shopName}
        </Link>
      </header>
      <ul className="catalogue-bag__items">
        {shop.items.map((item) => (
          <li key={item.id} className="catalogue-bag__item">
            <SelectBox checked={item.selected} onChange={(selected) => onSelectItem(item.id, selected)}>
              <span className="catalogue-visually-hidden">{t('bag.selectItem', { title: item.title })}</span>
            </SelectBox>
            <img
              className="catalogue-bag__image"
              src={pictureUrl(item.image, ITEM_IMAGE_SIZE)}
              alt=""
              width={ITEM_IMAGE_SIZE}
              height={ITEM_IMAGE_SIZE}
              loading="lazy"
            />
            <div className="catalogue-bag__line">
              <Link className="catalogue-bag__title" to={`/detail/${item.productId}`}>
                {item.title}
              </Link>
              {Object.keys(item.spec).length > 0 && <p className="catalogue-bag__spec">{specText(item.spec)}</p>}
              <div className="catalogue-bag__line-foot">
                <strong className="catalogue-bag__price">
                  <Money cents={item.unitPrice} />
                </strong>
                <div role="group" aria-label={t('bag.quantityOf', { title: item.title })}>
                  <QuantityStepper
                    label={t('bag.quantityOf', { title: item.title })}
                    value={item.quantity}
                    stock={item.stock}
                    onChange={(quantity) => onQuantity(item.id, quantity)}
                  />
                </div>
              </div>
              <Button
                size="mini"
                fill="none"
                className="catalogue-bag__remove"
                aria-label={t('bag.removeItem', { title: item.title })}
                onClick={() => onRemove(item.id)}
              >
                {t('bag.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <p className="catalogue-bag__subtotal">
        {t('bag.subtotal')}{' '}
        <strong>
          <Money cents={shop.subtotal} />
        </strong>
      </p>
    </section>
  );
}
