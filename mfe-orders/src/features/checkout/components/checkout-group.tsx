import { useTranslation } from 'react-i18next';
import { Money } from '@marketplace/shared';
import type { CheckoutGroup } from '@marketplace/shared/contracts';
import { ItemLineContent } from '../../orders';

/** One shop's part of the checkout: it becomes one order with its own freight. */
export default function CheckoutGroupCard({ group }: { group: CheckoutGroup }) {
  const { t } = useTranslation('orders');
  return (
    <section className="checkout__card" aria-label={t('checkout.shopOrder', { shop: group.shopName })}>
      <h2 className="checkout__shop">{group.shopName}</h2>
      <ul className="checkout__items">
        {group.items.map((item) => (
          <li key={`${item.productId}-${item.bagItemId ?? 'now'}`} className="checkout__item">
            <ItemLineContent item={item} block="checkout" />
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
