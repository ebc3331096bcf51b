import { useTranslation } from 'react-i18next';
import { Money, pictureUrl } from '@marketplace/shared';
import type { OrderItem } from '@marketplace/shared/contracts';

/** A product's chosen options as people read them: "colour: green, size: L". */
const specText = (spec: Record<string, string>): string =>
  Object.entries(spec)
    .map(([name, option]) => `${name}: ${option}`)
    .join(', ');

/**
 * The content of one product line of an order or a checkout: picture, title, options, unit price ×
 * quantity and subtotal. `block` is the screen's CSS block (`checkout`, `order-detail`).
 */
export function ItemLineContent({ item, block }: { item: OrderItem; block: string }) {
  return (
    <>
      <img className={`${block}__image`} src={pictureUrl(item.image, 64)} alt="" width={64} height={64} />
      <div className={`${block}__item-text`}>
        <p className={`${block}__title`}>{item.title}</p>
        {Object.keys(item.spec).length > 0 && <p className={`${block}__meta`}>{specText(item.spec)}</p>}
        <p className={`${block}__meta`}>
          <Money cents={item.unitPrice} /> × {item.quantity}
        </p>
      </div>
      <Money cents={item.subtotal} />
    </>
  );
}

interface AmountListProps {
  amounts: { subtotal: number; freight: number; discount: number; total: number };
  /** The discount's name (with the promo code where the order has one). */
  discountLabel: string;
  /** The screen's CSS block (`checkout`, `order-detail`). */
  block: string;
}

/** What an order or a checkout costs: subtotal, freight (free at 0), discount and total. */
export function AmountList({ amounts, discountLabel, block }: AmountListProps) {
  const { t } = useTranslation('orders');
  return (
    <dl className={`${block}__amounts`}>
      <dt>{t('amount.subtotal')}</dt>
      <dd>
        <Money cents={amounts.subtotal} />
      </dd>
      <dt>{t('amount.freight')}</dt>
      <dd>{amounts.freight === 0 ? t('amount.freeFreight') : <Money cents={amounts.freight} />}</dd>
      <dt>{discountLabel}</dt>
      <dd>
        −<Money cents={amounts.discount} />
      </dd>
      <dt>{t('amount.total')}</dt>
      <dd className={`${block}__total`}>
        <Money cents={amounts.total} />
      </dd>
    </dl>
  );
}
