import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Form, Radio, Space } from 'antd-mobile';
import {
  formatPercent,
  links,
  Money,
  outcomeOf,
  PageHeader,
  textOf,
  toastSuccess,
  useSchemaForm,
} from '@marketplace/shared';
import { PaymentCodePopup } from '@marketplace/shared/payment';
import {
  cardDigits,
  DRAW_TYPES,
  newRequestId,
  parseMoney,
  paymentFailureOf,
  serviceChargeFor,
  withdrawBody,
  type DrawType,
  type WithdrawBody,
} from '@marketplace/shared/contracts';
import {
  useGetUserInfoQuery,
  useGetWithdrawInfoQuery,
  useSubmitWithdrawalMutation,
  WalletFormField,
} from '../../wallet';
import '../../wallet/wallet.css';
import { amountText } from '../amount-text';

/** The form's fields as antd-mobile holds them (untouched text fields are undefined). */
interface WithdrawValues {
  drawType?: DrawType;
  amount?: string;
  bankCardNo?: string;
  bankName?: string;
  network?: number | null;
  address?: string;
}

/** What `withdrawBody` checks: the fields of the chosen way out, the payment code once the shopper gives it. */
const bodyOf = (values: WithdrawValues, paymentCode: string, requestId: string): WithdrawBody => {
  const drawType = values.drawType ?? 'bank';
  return {
    drawType,
    drawAmount: parseMoney(textOf(values.amount)) ?? Number.NaN,
    paymentCode,
    requestId,
    ...(drawType === 'bank'
      ? { bankCardNo: cardDigits(textOf(values.bankCardNo)), bankName: textOf(values.bankName) }
      : { network: values.network ?? undefined, address: textOf(values.address) }),
  };
};

/** Given with the payment code, after the form is reviewed. */
const LATER_FIELDS = ['paymentCode', 'requestId'];

/**
 * `/withDraw`: to a bank card or on-chain. The service charge and the actual arrival show before the
 * shopper confirms; the payment code confirms; the amount is held at once until an operator pays it.
 * The rules are `withdrawBody`'s (the server's own); only "more than the balance" is the screen's.
 */
export default function WithdrawScreen() {
  const { t, i18n } = useTranslation(['wallet', 'common']);
  const navigate = useNavigate();
  const { data: info } = useGetWithdrawInfoQuery();
  const { data: user } = useGetUserInfoQuery();
  const [form] = Form.useForm<WithdrawValues>();
  const { problemOf, report, parse, formProps } = useSchemaForm(form);
  const drawType = Form.useWatch('drawType', form) ?? 'bank';
  const amount = textOf(Form.useWatch('amount', form));
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
      onConfirm: () => navigate(links.paymentCode()),
    });
  };

  const closeConfirm = () => {
    setConfirming(false);
    setAttemptsLeft(null);
  };

  /** The order of checks of requirements §6.2: the amount, the balance, then the chosen way out. */
  const review = (values: WithdrawValues) => {
    const problem = problemOf(withdrawBody, bodyOf(values, '', requestId), { later: LATER_FIELDS });
    if (problem?.path[0] === 'drawAmount') return report(problem);
    if (cents !== null && cents > balance) return report({ path: ['drawAmount'], message: 'err.wallet.overBalance' });
    if (problem) return report(problem);
    if (user && !user.hasPaymentCode) return askToSetCode();
    setConfirming(true);
  };

  const confirm = async (code: string) => {
    if (isLoading) return;
    const body = parse(withdrawBody, bodyOf(form.getFieldsValue(true), code, requestId));
    if (!body) return;
    const outcome = outcomeOf(await submitWithdrawal(body));
    if (outcome.ok) {
      setRequestId(newRequestId());
      closeConfirm();
      toastSuccess(outcome.data.msg || { key: 'errors:ok.wallet.withdrawal' });
      // The record list says what happens next and when (WithdrawalRecordScreen).
      navigate('/depositRecord', { replace: true, state: { withdrawn: true } });
      return;
    }
    const failure = paymentFailureOf(outcome.detail);
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
      <Form
        {...formProps}
        className="wallet-form"
        aria-label={t('title.withDraw')}
        initialValues={{ drawType: 'bank', network: null }}
        onFinish={review}
      >
        <p className="wallet-hint">
          {t('topUp.balance')} <Money cents={balance} />
        </p>
        <Form.Item name="drawType" noStyle>
          <Radio.Group>
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
        </Form.Item>
        <WalletFormField
          name="amount"
          id="draw-amount"
          label={t('withdraw.amount')}
          action={
            <Button
              className="wallet-field__action"
              fill="none"
              color="primary"
              size="small"
              disabled={balance <= 0}
              onClick={() => form.setFieldValue('amount', amountText(balance))}
            >
              {t('withdraw.all')}
            </Button>
          }
          inputMode="decimal"
          placeholder="0.00"
          error={overBalance && t('withdraw.overBalance')}
        />
        {drawType === 'bank' ? (
          <>
            <WalletFormField name="bankCardNo" id="bank-card-no" label={t('withdraw.bankCardNo')} inputMode="numeric" />
            <WalletFormField name="bankName" id="bank-name" label={t('withdraw.bankName')} maxLength={64} />
          </>
        ) : (
          <>
            <Form.Item name="network" noStyle>
              <Radio.Group>
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
            </Form.Item>
            <WalletFormField name="address" id="chain-address" label={t('withdraw.address')} maxLength={128} />
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
      </Form>
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
