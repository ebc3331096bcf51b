import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'antd-mobile';
import { Money, outcomeOf, PageHeader, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { cardDigits, cardRechargeBody, parseMoney, SANDBOX_CARDS } from '@marketplace/shared/contracts';
import {
  useGetBlockchainInfoQuery,
  useGetUserInfoQuery,
  useSubmitRechargeMutation,
  WalletFormField,
} from '../../wallet';
import { afterFailure, attemptFor, expiryOf, formatExpiry, freshAttempt } from '../card-attempt';
import '../../wallet/wallet.css';

/** Groups of four as people read card numbers. */
const grouped = (value: string) =>
  cardDigits(value)
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The form's fields as antd-mobile holds them (untouched ones are undefined). */
interface CardValues {
  amount?: string;
  card?: string;
  expiry?: string;
  cvc?: string;
}

/**
 * `/cardTopUp`: charged through the payment provider and credited at once; a decline changes nothing and
 * the next card is a new attempt. The test cards show only while the sandbox acquirer is on.
 */
export default function CardTopUpScreen() {
  const { t } = useTranslation('wallet');
  const { data: user } = useGetUserInfoQuery();
  const { data: channels } = useGetBlockchainInfoQuery();
  const [form] = Form.useForm<CardValues>();
  const { parse, formProps } = useSchemaForm(form);
  const [attempt, setAttempt] = useState(freshAttempt);
  const [newBalance, setNewBalance] = useState<number | null>(null);
  const [submitRecharge, { isLoading }] = useSubmitRechargeMutation();

  /** The rules are `cardRechargeBody`'s, in its order: amount, card number, expiry, CVC. */
  const submit = async (values: CardValues) => {
    const date = expiryOf(textOf(values.expiry));
    const body = parse(cardRechargeBody, {
      method: 'card',
      amount: parseMoney(textOf(values.amount)) ?? Number.NaN,
      cardNumber: textOf(values.card),
      expiryMonth: date?.month ?? Number.NaN,
      expiryYear: date?.year ?? Number.NaN,
      cvc: textOf(values.cvc),
      requestId: attempt.requestId,
    });
    if (!body) return;
    const current = attemptFor(attempt, JSON.stringify({ ...body, requestId: undefined }));
    setAttempt(current);
    const outcome = outcomeOf(await submitRecharge({ ...body, requestId: current.requestId }));
    if (!outcome.ok) {
      setAttempt(afterFailure(current, outcome.answered));
      return;
    }
    setAttempt(freshAttempt());
    setNewBalance(outcome.data.data.balance);
    form.setFieldsValue({ card: '', cvc: '', amount: '' });
    toastSuccess(outcome.data.msg || { key: 'errors:ok.wallet.cardRecharge' });
  };

  return (
    <div>
      <PageHeader title={t('title.cardTopUp')} />
      <Form
        {...formProps}
        className="wallet-form"
        aria-label={t('title.cardTopUp')}
        onFinish={(values) => void submit(values)}
      >
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
        <WalletFormField
          name="amount"
          id="card-amount"
          label={t('card.amount')}
          inputMode="decimal"
          placeholder="0.00"
        />
        <WalletFormField
          name="card"
          normalize={grouped}
          id="card-number"
          label={t('card.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <WalletFormField
          name="expiry"
          normalize={formatExpiry}
          id="card-expiry"
          label={t('card.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
        />
        <WalletFormField
          name="cvc"
          normalize={(value) => value.replace(/\D/g, '')}
          id="card-cvc"
          label={t('card.cvc')}
          type="password"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
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
      </Form>
    </div>
  );
}
