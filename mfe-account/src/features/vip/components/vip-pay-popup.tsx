import { Money, toastFail } from '@marketplace/shared';
import { paymentCodeField, type VipLevelInfo } from '@marketplace/shared/contracts';
import { Button, Input, Popup } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface VipPayPopupProps {
  level: VipLevelInfo | null;
  busy: boolean;
  attemptsLeft: number | null;
  onPay: (paymentCode: string) => void;
  onClose: () => void;
}

/** The payment-code entry, as when paying an order: the price, a digits-only password field and Pay. */
export const VipPayPopup = ({ level, busy, attemptsLeft, onPay, onClose }: VipPayPopupProps) => {
  const { t } = useTranslation(['account', 'common']);
  const [code, setCode] = useState('');

  const close = () => {
    setCode('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!paymentCodeField.safeParse(code).success) {
      toastFail({ key: 'errors:err.paymentCodeFormat' });
      return;
    }
    onPay(code);
    setCode('');
  };

  return (
    <Popup visible={level !== null} onMaskClick={close} onClose={close} destroyOnClose>
      <form className="vip-pay" aria-label={t('vip.payTitle')} onSubmit={submit}>
        <header className="vip-pay__header">
          <h2 className="vip-pay__title">{t('vip.payTitle')}</h2>
          <button type="button" className="vip-pay__close" aria-label={t('common:close')} onClick={close}>
            ×
          </button>
        </header>
        <p className="vip-pay__amount">
          {level?.name} · {t('vip.price')} <Money cents={level?.priceCents ?? 0} />
        </p>
        <label className="vip-pay__label" htmlFor="vip-pay-code">
          {t('vip.paymentCode')}
        </label>
        <Input
          id="vip-pay-code"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          value={code}
          onChange={(value) => setCode(value.replace(/\D/g, ''))}
          placeholder={t('vip.paymentCodePlaceholder')}
        />
        {attemptsLeft !== null && (
          <p className="vip-pay__hint" role="alert">
            {t('vip.attemptsLeft', { count: attemptsLeft })}
          </p>
        )}
        <Button block type="submit" color="primary" size="large" loading={busy}>
          {t('vip.pay')}
        </Button>
      </form>
    </Popup>
  );
};
