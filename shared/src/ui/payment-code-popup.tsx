import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Input, Popup } from 'antd-mobile';
import { paymentCodeField } from '@marketplace/shared/contracts';
import { Money, toastFail } from '@marketplace/shared';
import { links } from '../links';
import './payment-code-popup.css';

export interface PaymentCodePopupProps {
  open: boolean;
  /** Heading and the form's accessible name. */
  title: string;
  /** What is being paid, e.g. "Amount $12.34". */
  summary: ReactNode;
  /** The balance it is paid from, integer cents (shown under the amount while known). */
  balance?: number;
  codeLabel: string;
  placeholder: string;
  payLabel: string;
  /** "4 attempts left" after a wrong code, else null. */
  attemptsLeftText: string | null;
  busy: boolean;
  onPay: (paymentCode: string) => void;
  onClose: () => void;
}

/** Where a payment code is set or reset (`/changePayPwd` of requirements §2.1, account remote). */
const PAYMENT_CODE_RESET_PATH = links.paymentCode();

/**
 * The payment-code entry every payment uses (orders, VIP, withdrawals): the amount, the balance it comes
 * from, a digits-only password field, Pay and a way out for a forgotten code. A code that is not 6+ digits is refused here, before anything is sent; the caller sends
 * the rest and reads a refusal with `paymentFailureOf`.
 */
export const PaymentCodePopup = ({
  open,
  title,
  summary,
  balance,
  codeLabel,
  placeholder,
  payLabel,
  attemptsLeftText,
  busy,
  onPay,
  onClose,
}: PaymentCodePopupProps) => {
  const { t } = useTranslation('common');
  const inputId = useId();
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
    <Popup visible={open} onMaskClick={close} onClose={close} destroyOnClose>
      {/* antd-mobile's Popup gives its sheet no role: the sheet is a modal dialog named by its title. */}
      <div role="dialog" aria-modal="true" aria-label={title}>
        <form className="payment-code-popup" aria-label={title} onSubmit={submit}>
          <header className="payment-code-popup__header">
            <h2 className="payment-code-popup__title">{title}</h2>
            <button type="button" className="payment-code-popup__close" aria-label={t('close')} onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <p className="payment-code-popup__amount">{summary}</p>
          {balance !== undefined && (
            <p className="payment-code-popup__balance">
              {t('paymentSheet.balance')} <Money cents={balance} />
            </p>
          )}
          <label className="payment-code-popup__label" htmlFor={inputId}>
            {codeLabel}
          </label>
          <Input
            id={inputId}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={code}
            onChange={(value) => setCode(value.replace(/\D/g, ''))}
            placeholder={placeholder}
          />
          {attemptsLeftText !== null && (
            <p className="payment-code-popup__hint" role="alert">
              {attemptsLeftText}
            </p>
          )}
          {/* Opens the screen's "forgot" form (a code by email; `/changePayPwd?forgot=1` does the same). */}
          <Link
            className="payment-code-popup__forgot"
            to={PAYMENT_CODE_RESET_PATH}
            state={{ forgot: true }}
            onClick={close}
          >
            {t('paymentSheet.forgot')}
          </Link>
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {payLabel}
          </Button>
        </form>
      </div>
    </Popup>
  );
};
