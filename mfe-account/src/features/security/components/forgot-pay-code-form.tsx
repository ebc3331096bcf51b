import { textOf, toastSuccess } from '@marketplace/shared';
import { forgotPayResetBody } from '@marketplace/shared/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AccountForm, MailedCodeField, useAccountForm } from '../../layout';
import { useResetForgottenPaymentCodeMutation, useSendPaymentCodeResetCodeMutation } from '../api';
import { NewPaymentCodeFields } from './payment-code-field';

interface Props {
  /** The account's email ('' when none: the shopper is sent to add one first). */
  email: string;
  onDone: () => Promise<void> | void;
}

/**
 * "Forgot payment code?": a one-time code mailed to the account's email replaces the old payment code
 * (the same kind of code as the login-password reset). Without an email, the way to add one.
 */
export const ForgotPayCodeForm = ({ email, onDone }: Props) => {
  const { t } = useTranslation(['account', 'errors']);
  const { sendForm, formProps } = useAccountForm();
  const [sent, setSent] = useState(false);
  const [sendCode, { isLoading: sending }] = useSendPaymentCodeResetCodeMutation();
  const [reset] = useResetForgottenPaymentCodeMutation();

  if (!email) {
    return (
      <>
        <p className="account-note" role="alert">
          {t('errors:err.paymentCodeResetNoEmail')}
        </p>
        <nav className="account-links" aria-label={t('payCode.forgotTitle')}>
          <Link to="/setting">{t('payCode.addEmail')}</Link>
        </nav>
      </>
    );
  }

  const send = async () => {
    const result = await sendCode();
    if (result.error) return;
    setSent(true);
    toastSuccess({ key: 'errors:ok.emailCodeSent' });
  };

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(forgotPayResetBody, reset, {
      code: textOf(values.code),
      paymentCode: textOf(values.paymentCode),
      confirmPaymentCode: textOf(values.confirmPaymentCode),
    });
    if (!sent) return;
    toastSuccess({ key: 'errors:ok.setting' });
    await onDone();
  };

  return (
    <>
      <p className="account-note">{t('payCode.forgotIntro', { email })}</p>
      <AccountForm {...formProps} name="forgotPayPwd" onFinish={submit} submitLabel={t('payCode.forgotTitle')}>
        <MailedCodeField
          extra={
            <Button size="small" color="primary" fill="outline" loading={sending} onClick={() => void send()}>
              {t(sent ? 'action.resendCode' : 'action.sendCode')}
            </Button>
          }
        />
        <NewPaymentCodeFields />
      </AccountForm>
    </>
  );
};
