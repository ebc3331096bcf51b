import {
  selectUserInfo,
  textOf,
  toastFail,
  toastSuccess,
  useAppSelector,
  useGoBack,
  useScreenTitle,
} from '@marketplace/shared';
import { resetPayBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AccountForm, useAccountForm, AccountPage } from '../../layout';
import { useGetUserInfoQuery, useReloadUserInfo } from '../../profile';
import { useChangePaymentCodeMutation } from '../api';
import { ForgotPayCodeForm } from './forgot-pay-code-form';
import { NewPaymentCodeFields, PaymentCodeField } from './payment-code-field';

/**
 * Set the payment code the first time (no old code), or change it (old code required), or, with
 * `?forgot=1` (or the pay sheet's link state), reset a forgotten one with a code sent by email.
 */
export const ChangePayPwdScreen = () => {
  const { t } = useTranslation('account');
  const goBack = useGoBack();
  const { sendForm, formProps } = useAccountForm();
  const reloadUserInfo = useReloadUserInfo();
  const sessionUser = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery();
  const [changePaymentCode] = useChangePaymentCodeMutation();
  const [params] = useSearchParams();
  const location = useLocation();
  const user = data ?? sessionUser;
  const hasPaymentCode = user?.hasPaymentCode ?? false;
  const forgot = params.get('forgot') === '1' || (location.state as { forgot?: unknown } | null)?.forgot === true;
  const titleKey = forgot ? 'payCode.forgotTitle' : hasPaymentCode ? 'payCode.changeTitle' : 'payCode.setTitle';
  // Setting the first code, changing it or resetting a forgotten one: the heading and the browser tab say which.
  useScreenTitle(`account:${titleKey}`);

  const done = async () => {
    await reloadUserInfo();
    goBack();
  };

  const submit = async (values: Record<string, unknown>) => {
    const oldPaymentCode = hasPaymentCode ? textOf(values.oldPaymentCode) : '';
    if (hasPaymentCode && !oldPaymentCode) {
      toastFail({ key: 'errors:err.oldPasswordRequired' });
      return;
    }
    const sent = await sendForm(resetPayBody, changePaymentCode, {
      oldPaymentCode,
      paymentCode: textOf(values.paymentCode),
      confirmPaymentCode: textOf(values.confirmPaymentCode),
    });
    if (!sent) return;
    toastSuccess({ key: 'errors:ok.setting' });
    await done();
  };

  if (forgot) {
    return (
      // i18n-keys: payCode.forgotTitle, payCode.changeTitle, payCode.setTitle
      <AccountPage title={t(titleKey)}>
        <p className="account-note">{t('payCode.rule')}</p>
        <ForgotPayCodeForm email={user?.email ?? ''} onDone={done} />
        {hasPaymentCode && (
          <nav className="account-links" aria-label={t('payCode.moreActions')}>
            <Link to="/changePayPwd" replace>
              {t('payCode.remember')}
            </Link>
          </nav>
        )}
      </AccountPage>
    );
  }

  return (
    <AccountPage title={t(titleKey)}>
      <p className="account-note">{t('payCode.rule')}</p>
      <AccountForm {...formProps} name="changePayPwd" onFinish={submit} submitLabel={t('action.save')}>
        {hasPaymentCode && (
          <PaymentCodeField
            name="oldPaymentCode"
            label={t('field.oldPaymentCode')}
            placeholder={t('placeholder.oldPaymentCode')}
          />
        )}
        <NewPaymentCodeFields />
      </AccountForm>
      {hasPaymentCode && (
        <nav className="account-links" aria-label={t('payCode.moreActions')}>
          <Link to="/changePayPwd?forgot=1">{t('payCode.forgot')}</Link>
        </nav>
      )}
    </AccountPage>
  );
};
