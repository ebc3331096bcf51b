import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'antd-mobile';
import { Money, PageHeader, toastFail, toastSuccess } from '@marketplace/shared';
import { cardDigits, luhnValid, newRequestId, parseMoney, SANDBOX_CARDS } from '@marketplace/shared/contracts';
import { useGetUserInfoQuery, useSubmitRechargeMutation } from '../../wallet/api';
import '../../wallet/wallet.css';

/** Groups of four as people read card numbers. */
const grouped = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const expiryOf = (value: string): { month: number; year: number } | null => {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
};

/** `/cardTopUp`: charged through the payment provider and credited at once; a decline changes nothing. */
export default function CardTopUpScreen() {
  const { t } = useTranslation('wallet');
  const { data: user } = useGetUserInfoQuery();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const [newBalance, setNewBalance] = useState<number | null>(null);
  const [submitRecharge, { isLoading }] = useSubmitRechargeMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = parseMoney(amount);
    const date = expiryOf(expiry);
    if (cents === null || cents <= 0) return toastFail({ key: 'errors:err.wallet.fillAmount' });
    if (!luhnValid(cardDigits(card))) return toastFail({ key: 'errors:err.wallet.cardNumber' });
    if (!date) return toastFail({ key: 'errors:err.wallet.expiry' });
    if (!/^\d{3,4}$/.test(cvc)) return toastFail({ key: 'errors:err.wallet.cvc' });
    const result = await submitRecharge({
      method: 'card',
      amount: cents,
      cardNumber: cardDigits(card),
      expiryMonth: date.month,
      expiryYear: date.year,
      cvc,
      requestId,
    });
    if (!('data' in result) || !result.data) return;
    setRequestId(newRequestId());
    setNewBalance(result.data.data.balance);
    setCard('');
    setCvc('');
    setAmount('');
    toastSuccess(result.data.msg || { key: 'errors:ok.wallet.cardRecharge' });
  };

  return (
    <div>
      <PageHeader title={t('title.cardTopUp')} />
      <form className="wallet-form" aria-label={t('title.cardTopUp')} onSubmit={(e) => void submit(e)}>
        {user && (
          <p className="wallet-hint">
            {t('topUp.balance')} <Money cents={newBalance ?? user.balance} />
          </p>
        )}
        {newBalance !== null && (
          <p className="wallet-hint" role="status">
            {t('card.credited')} <Money cents={newBalance} />
          </p>
        )}
        <div className="wallet-field">
          <label htmlFor="card-amount">{t('card.amount')}</label>
          <Input
            id="card-amount"
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={setAmount}
            clearable
          />
        </div>
        <div className="wallet-field">
          <label htmlFor="card-number">{t('card.number')}</label>
          <Input
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            value={card}
            onChange={(value) => setCard(grouped(value))}
          />
        </div>
        <div className="wallet-field">
          <label htmlFor="card-expiry">{t('card.expiry')}</label>
          <Input id="card-expiry" autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={setExpiry} />
        </div>
        <div className="wallet-field">
          <label htmlFor="card-cvc">{t('card.cvc')}</label>
          <Input
            id="card-cvc"
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvc}
            onChange={(value) => setCvc(value.replace(/\D/g, ''))}
          />
        </div>
        <Button block type="submit" color="primary" size="large" loading={isLoading}>
          {t('card.submit')}
        </Button>
        <section aria-label={t('card.sandboxTitle')}>
          <h2 className="wallet-hint">{t('card.sandboxTitle')}</h2>
          <ul className="wallet-hint">
            {SANDBOX_CARDS.map((c) => (
              // i18n-keys: card.outcome.success, card.outcome.declined, card.outcome.insufficientFunds, card.outcome.expired
              <li key={c.number}>
                {grouped(c.number)}: {t(`card.outcome.${c.outcome}`)}
              </li>
            ))}
          </ul>
        </section>
      </form>
    </div>
  );
}
