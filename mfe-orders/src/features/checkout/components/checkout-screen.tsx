import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Input } from 'antd-mobile';
import { EmptyState, Money, outcomeOf, PageHeader, Spinner, toastFail, toastSuccess } from '@marketplace/shared';
import type { CheckoutPreview } from '@marketplace/shared/contracts';
import { PAYMENT_CODE_PATH, payResultPath, usePayOrders } from '../../payment';
import { AmountList } from '../../orders';
import { useCreateOrdersMutation, usePreviewCheckoutMutation } from '../api';
import { useChosenAddressId } from '../chosen-address';
import { readCheckoutSource } from '../checkout-source';
import CheckoutGroupCard from './checkout-group';
import './checkout.css';

/**
 * `/checkout`: one future order per shop with freight, a promo code the server checks, the address
 * and the totals; "Submit order" places the orders and asks for the payment code.
 */
export default function CheckoutScreen() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const search = params.toString();
  const source = useMemo(() => readCheckoutSource(new URLSearchParams(search)), [search]);
  const addressId = useChosenAddressId();
  const [promoInput, setPromoInput] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [preview, setPreview] = useState<CheckoutPreview | null>(null);
  const [placed, setPlaced] = useState(false);
  const [previewCheckout, previewing] = usePreviewCheckoutMutation();
  const [createOrders, creating] = useCreateOrdersMutation();
  const { pay, payPopup } = usePayOrders();

  useEffect(() => {
    if (!source || placed) return;
    let current = true;
    void previewCheckout({ ...source, addressId, ...(promoCode ? { promoCode } : {}) }).then((result) => {
      if (!current) return;
      const outcome = outcomeOf(result);
      if (outcome.ok) setPreview(outcome.data);
      // The server's message (unknown, expired, minimum spend) has been toasted; go on without it.
      else if (promoCode) setPromoCode('');
    });
    return () => {
      current = false;
    };
  }, [source, addressId, promoCode, placed, previewCheckout]);

  if (!source) {
    return (
      <div>
        <PageHeader title={t('title.checkout')} />
        <EmptyState title={t('checkout.nothing')}>
          <Link to="/bag">{t('checkout.toBag')}</Link>
        </EmptyState>
      </div>
    );
  }

  const applyPromo = () => {
    const code = promoInput.trim();
    if (!code) {
      toastFail({ key: 'orders:checkout.promoEmpty' });
      return;
    }
    setPromoCode(code);
  };

  const submit = async () => {
    if (!preview || creating.isLoading) return;
    if (!preview.address) {
      toastFail({ key: 'errors:err.order.chooseAddress' });
      return;
    }
    const created = outcomeOf(
      await createOrders({
        ...source,
        addressId: preview.address.id,
        ...(preview.promo ? { promoCode: preview.promo.code } : {}),
      }),
    );
    if (!created.ok) return;
    setPlaced(true);
    toastSuccess(created.data.msg || { key: 'errors:ok.orders.createOrder' });
    const { orders, total } = created.data.data;
    const ids = orders.map((order) => order.id);
    const outcome = await pay(ids, total);
    // The orders exist now: checkout is done either way, and "back" from settings leads to them; paid,
    // the result screen says so and offers what next.
    navigate(outcome === 'paid' ? payResultPath(ids) : '/myPurchases/0', { replace: true });
    if (outcome === 'setPaymentCode') navigate(PAYMENT_CODE_PATH);
  };

  const address = preview?.address ?? null;

  return (
    <div className="checkout">
      <PageHeader title={t('title.checkout')} />
      <section className="checkout__card" aria-label={t('checkout.address')}>
        {address ? (
          <div className="checkout__address">
            <p className="checkout__addressee">
              {address.addressee} <span>{address.mobilePhone}</span>
            </p>
            <p>
              {address.area} {address.detailedAddress}
            </p>
          </div>
        ) : (
          <p className="checkout__no-address">{t('checkout.noAddress')}</p>
        )}
        <Link className="checkout__link" to="/address?select=1">
          {address ? t('checkout.changeAddress') : t('checkout.chooseAddress')}
        </Link>
      </section>

      {!preview && previewing.isLoading && (
        <div role="status" aria-label={t('checkout.loading')}>
          <Spinner />
        </div>
      )}
      {preview?.groups.map((group) => (
        <CheckoutGroupCard key={group.shopId} group={group} />
      ))}

      <section className="checkout__card">
        <label className="checkout__label" htmlFor="checkout-promo">
          {t('checkout.promo')}
        </label>
        <div className="checkout__promo">
          {/* No `clearable`: antd-mobile's clear control is a div with aria-label and no role (axe
              aria-prohibited-attr, serious) that no keyboard reaches; the wallet and orders forms go without it. */}
          <Input
            id="checkout-promo"
            value={promoInput}
            onChange={setPromoInput}
            placeholder={t('checkout.promoPlaceholder')}
            onEnterPress={applyPromo}
          />
          <Button size="small" color="primary" fill="outline" onClick={applyPromo}>
            {t('checkout.apply')}
          </Button>
        </div>
        {preview?.promo && (
          <p className="checkout__promo-applied" role="status">
            {t('checkout.promoApplied', { code: preview.promo.code })} −<Money cents={preview.promo.discount} />
          </p>
        )}
      </section>

      {preview && (
        <section className="checkout__card" aria-label={t('checkout.summary')}>
          <AmountList amounts={preview} block="checkout" discountLabel={t('amount.discount')} />
        </section>
      )}

      <footer className="checkout__bar">
        <span>
          {t('amount.total')}{' '}
          <strong>
            <Money cents={preview?.total ?? 0} />
          </strong>
        </span>
        <Button
          color="primary"
          disabled={!preview || placed}
          loading={creating.isLoading}
          onClick={() => void submit()}
        >
          {t('checkout.submit')}
        </Button>
      </footer>
      {payPopup}
    </div>
  );
}
