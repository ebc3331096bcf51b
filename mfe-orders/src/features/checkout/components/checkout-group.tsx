import { useTranslation } from 'react-i18next';
import { Money, pictureUrl } from '@marketplace/shared';
import type { CheckoutGroup } from '@marketplace/shared/contracts';

const specText = (spec: Record<string, string>): string =>
  Object.entries(spec)
    .map(([name, option]) => `${name}: ${option}`)
    .join(', ');

/** One shop's part of the checkout: it becomes one order with its own freight. */
export default function CheckoutGroupCard({ group }: { group: CheckoutGroup }) {
  const { t } = useTranslation('orders');
  return (
    <section className="checkout__card" aria-label={t('checkout.shopOrder', { shop: group.shopName })}>
      <h2 className="checkout__shop">{group.shopName}</h2>
      <ul className="checkout__items">
        {group.items.map((item) => (
          <li key={`${item.productId}-${item.bagItemId ?? 'now'}`} className="checkout__item">
            <img className="checkout__image" src={pictureUrl(item.image, 64)} alt="" width={64} height={64} />
            <div className="checkout__item-text">
              <p className="checkout__title">{item.title}</p>
              {Object.keys(item.spec).length > 0 && <p className="checkout__meta">{specText(item.spec)}</p>}
              <p className="checkout__meta">
                <Money cents={item.unitPrice} /> × {item.quantity}
              </p>
            </div>
            <Money cents={item.subtotal} />
          </li>
        ))}
      </ul>
      <p className="checkout__line">
        <span>{t('amount.freight')}</span>
        <span>{group.freight === 0 ? t('amount.freeFreight') : <Money cents={group.freight} />}</span>
      </p>
      <p className="checkout__line">
        <span>{t('amount.shopSubtotal')}</span>
        <Money cents={group.subtotal + group.freight} />
      </p>
    </section>
  );
}
