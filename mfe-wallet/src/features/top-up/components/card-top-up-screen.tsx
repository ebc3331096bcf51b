import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { Money, PageHeader, toastFail, toastSuccess } from '@marketplace/shared';
import { cardDigits, luhnValid, parseMoney, SANDBOX_CARDS } from '@marketplace/shared/contracts';
import { useGetBlockchainInfoQuery, useGetUserInfoQuery, useSubmitRechargeMutation } from '../../wallet/api';
import { WalletField } from '../../wallet/wallet-field';
import { afterFailure, attemptFor, expiryOf, formatExpiry, freshAttempt } from '../card-attempt';
import '../../wallet/wallet.css';

/** Groups of four as people read card numbers. */
const grouped = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * `/cardTopUp`: charged through the payment provider and credited at once; a decline changes nothing and
 * the next card is a new attempt. The test cards show only while the sandbox acquirer is on.
 */
export default function CardTopUpScreen() {
  const { t } = useTranslation('wallet');
  const { data: user } = useGetUserInfoQuery();
  const { data: channels } = useGetBlockchainInfoQuery();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [attempt, setAttempt] = useState(freshAttempt);
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
    const details = {
      amount: cents,
      cardNumber: cardDigits(card),
      expiryMonth: date.month,
      expiryYear: date.year,
      cvc,
    };
    const current = attemptFor(attempt, JSON.stringify(details));
    setAttempt(current);
    const result = await submitRecharge({ method: 'card', ...details, requestId: current.requestId });
    if (!('data' in result) || !result.data) {
      setAttempt(afterFailure(current, 'error' in result && !!result.error && 'data' in result.error));
      return;
    }
    setAttempt(freshAttempt());
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
        <WalletField
          id="card-amount"
          label={t('card.amount')}
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={setAmount}
        />
        <WalletField
          id="card-number"
          label={t('card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card}
          onChange={(value) => setCard(grouped(value))}
        />
        <WalletField
          id="card-expiry"
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          value={expiry}
          onChange={(value) => setExpiry(formatExpiry(value))}
        />
        <WalletField
          id="card-cvc"
          label={t('card.cvc')}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={cvc}
          onChange={(value) => setCvc(value.replace(/\D/g, ''))}
        />
        <Button block type="submit" color="primary" size="large" loading={isLoading}>
          {t('card.submit')}
        </Button>
        {channels?.cardSandbox && (
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
        )}
      </form>
    </div>
  );
}
