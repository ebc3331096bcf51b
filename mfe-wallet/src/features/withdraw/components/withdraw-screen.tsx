import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Radio, Space } from 'antd-mobile';
import { formatPercent, Money, PageHeader, toastFail, toastSuccess } from '@marketplace/shared';
import { PaymentCodePopup } from '@marketplace/shared/payment';
import {
  cardDigits,
  DRAW_TYPES,
  luhnValid,
  newRequestId,
  parseMoney,
  paymentFailureOf,
  serviceChargeFor,
  type DrawType,
} from '@marketplace/shared/contracts';
import { useGetUserInfoQuery, useGetWithdrawInfoQuery, useSubmitWithdrawalMutation } from '../../wallet/api';
import { WalletField } from '../../wallet/wallet-field';
import '../../wallet/wallet.css';
import { amountText } from '../amount-text';

/** Where a payment code is set (account remote). */
const PAYMENT_CODE_PATH = '/changePayPwd';

/**
 * `/withDraw`: to a bank card or on-chain. The service charge and the actual arrival show before the
 * shopper confirms; the payment code confirms; the amount is held at once until an operator pays it.
 */
export default function WithdrawScreen() {
  const { t, i18n } = useTranslation(['wallet', 'common']);
  const navigate = useNavigate();
  const { data: info } = useGetWithdrawInfoQuery();
  const { data: user } = useGetUserInfoQuery();
  const [drawType, setDrawType] = useState<DrawType>('bank');
  const [amount, setAmount] = useState('');
  const [bankCardNo, setBankCardNo] = useState('');
  const [bankName, setBankName] = useState('');
  const [network, setNetwork] = useState<number | null>(null);
  const [address, setAddress] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [attemptsLeft, setAttemptsLeft] = useState<number | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [submitWithdrawal, { isLoading }] = useSubmitWithdrawalMutation();

  const cents = parseMoney(amount);
  const balance = info?.balance ?? user?.balance ?? 0;
  const charge = cents && info ? serviceChargeFor(cents, info.serviceChargeBp) : 0;
  const arrival = cents ? Math.max(cents - charge, 0) : 0;
  const overBalance = cents !== null && cents > balance && (info !== undefined || user !== undefined);

  /** Requirements §5.3, §6.2: paying (here, withdrawing) needs the payment code; with none set, go to settings. */
  const askToSetCode = () => {
    void Dialog.confirm({
      'aria-label': t('errors:err.paymentCodeNotSet'),
      content: t('errors:err.paymentCodeNotSet'),
      confirmText: t('withdraw.goToSettings'),
      cancelText: t('common:cancel'),
      onConfirm: () => navigate(PAYMENT_CODE_PATH),
    });
  };

  const closeConfirm = () => {
    setConfirming(false);
    setAttemptsLeft(null);
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (cents === null || cents <= 0) return toastFail({ key: 'errors:err.wallet.drawAmount' });
    if (cents > balance) return toastFail({ key: 'errors:err.wallet.overBalance' });
    if (drawType === 'bank') {
      if (!luhnValid(cardDigits(bankCardNo))) return toastFail({ key: 'errors:err.wallet.bankCardNo' });
      if (!bankName.trim()) return toastFail({ key: 'errors:err.wallet.bankName' });
    } else {
      if (!network) return toastFail({ key: 'errors:err.wallet.chooseNetwork' });
      if (!address.trim()) return toastFail({ key: 'errors:err.wallet.withdrawAddress' });
    }
    if (user && !user.hasPaymentCode) return askToSetCode();
    setConfirming(true);
  };

  const confirm = async (code: string) => {
    if (!cents || isLoading) return;
    const result = await submitWithdrawal({
      drawType,
      drawAmount: cents,
      paymentCode: code,
      requestId,
      ...(drawType === 'bank'
        ? { bankCardNo: cardDigits(bankCardNo), bankName: bankName.trim() }
        : { network: network ?? undefined, address: address.trim() }),
    });
    if ('data' in result && result.data) {
      setRequestId(newRequestId());
      closeConfirm();
      toastSuccess(result.data.msg || { key: 'errors:ok.wallet.withdrawal' });
      navigate('/depositRecord', { replace: true });
      return;
    }
    const failure = paymentFailureOf(
      'error' in result && result.error && 'data' in result.error ? result.error.data?.data : null,
    );
    // The base query has toasted the server's message ("Pay Fail", the lock); this decides what next.
    if (failure?.reason === 'WRONG_PAYMENT_CODE') setAttemptsLeft(failure.attemptsLeft);
    else if (failure?.reason === 'PAYMENT_LOCKED') closeConfirm();
    else if (failure?.reason === 'PAYMENT_CODE_NOT_SET') {
      closeConfirm();
      askToSetCode();
    }
  };

  return (
    <div>
      <PageHeader title={t('title.withDraw')} />
      <form className="wallet-form" aria-label={t('title.withDraw')} onSubmit={review}>
        <p className="wallet-hint">
          {t('topUp.balance')} <Money cents={balance} />
        </p>
        <Radio.Group value={drawType} onChange={(value) => setDrawType(value as DrawType)}>
          <fieldset className="wallet-choices">
            <legend>{t('withdraw.drawType')}</legend>
            <Space>
              {DRAW_TYPES.map((type) => (
                // i18n-keys: withdraw.types.bank, withdraw.types.onChain
                <Radio key={type} value={type}>
                  {t(`withdraw.types.${type}`)}
                </Radio>
              ))}
            </Space>
          </fieldset>
        </Radio.Group>
        <WalletField
          id="draw-amount"
          label={t('withdraw.amount')}
          action={
            <Button
              className="wallet-field__action"
              fill="none"
              color="primary"
              size="small"
              disabled={balance <= 0}
              onClick={() => setAmount(amountText(balance))}
            >
              {t('withdraw.all')}
            </Button>
          }
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={setAmount}
          error={overBalance && t('withdraw.overBalance')}
        />
        {drawType === 'bank' ? (
          <>
            <WalletField
              id="bank-card-no"
              label={t('withdraw.bankCardNo')}
              inputMode="numeric"
              value={bankCardNo}
              onChange={setBankCardNo}
            />
            <WalletField
              id="bank-name"
              label={t('withdraw.bankName')}
              value={bankName}
              onChange={setBankName}
              maxLength={64}
            />
          </>
        ) : (
          <>
            <Radio.Group value={network} onChange={(value) => setNetwork(Number(value))}>
              <fieldset className="wallet-choices">
                <legend>{t('evidence.network')}</legend>
                <Space wrap>
                  {(info?.networks ?? []).map((n) => (
                    <Radio key={n.id} value={n.id}>
                      {n.name}
                    </Radio>
                  ))}
                </Space>
              </fieldset>
            </Radio.Group>
            <WalletField
              id="chain-address"
              label={t('withdraw.address')}
              value={address}
              onChange={setAddress}
              maxLength={128}
            />
          </>
        )}
        <dl className="wallet-summary" aria-label={t('withdraw.summary')}>
          <dt>{t('withdraw.chargeRate')}</dt>
          <dd>{formatPercent((info?.serviceChargeBp ?? 0) / 10_000, i18n.language)}</dd>
          <dt>{t('withdraw.charge')}</dt>
          <dd>
            <Money cents={charge} />
          </dd>
          <dt>{t('withdraw.arrival')}</dt>
          <dd>
            <Money cents={arrival} />
          </dd>
        </dl>
        <Button block type="submit" color="primary" size="large">
          {t('withdraw.submit')}
        </Button>
      </form>
      <PaymentCodePopup
        open={confirming}
        title={t('withdraw.confirmTitle')}
        summary={
          <>
            {t('withdraw.amount')} <Money cents={cents ?? 0} /> · {t('withdraw.charge')} <Money cents={charge} /> ·{' '}
            {t('withdraw.arrival')} <Money cents={arrival} />
          </>
        }
        balance={balance}
        codeLabel={t('withdraw.paymentCode')}
        placeholder={t('withdraw.codePlaceholder')}
        payLabel={t('withdraw.confirm')}
        attemptsLeftText={attemptsLeft === null ? null : t('withdraw.attemptsLeft', { count: attemptsLeft })}
        busy={isLoading}
        onPay={(code) => void confirm(code)}
        onClose={closeConfirm}
      />
    </div>
  );
}
