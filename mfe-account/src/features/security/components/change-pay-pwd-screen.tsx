import {
  selectUserInfo,
  textOf,
  toastFail,
  toastSuccess,
  useAppSelector,
  useGoBack,
  useSchemaForm,
  useScreenTitle,
} from '@marketplace/shared';
import { resetPayBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AccountPage } from '../../layout/components/account-page';
import { useGetUserInfoQuery } from '../../profile/api';
import { useReloadUserInfo } from '../../profile/hooks/use-reload-user-info';
import { useChangePaymentCodeMutation } from '../api';
import { ForgotPayCodeForm } from './forgot-pay-code-form';

// A numeric keyboard, but no `pattern`: the browser's own check would block the submit with its
// wording instead of the message of requirements §3.4.
const digitsInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off' } as const;

/**
 * Set the payment code the first time (no old code), or change it (old code required), or, with
 * `?forgot=1` (or the pay sheet's link state), reset a forgotten one with a code sent by email.
 */
export const ChangePayPwdScreen = () => {
  const { t } = useTranslation('account');
  const goBack = useGoBack();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const reloadUserInfo = useReloadUserInfo();
  const sessionUser = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery();
  const [changePaymentCode, { isLoading }] = useChangePaymentCodeMutation();
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
    const body = parse(resetPayBody, {
      oldPaymentCode,
      paymentCode: textOf(values.paymentCode),
      confirmPaymentCode: textOf(values.confirmPaymentCode),
    });
    if (!body) return;
    const result = await changePaymentCode(body);
    if (result.error) return;
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
      <Form
        {...formProps}
        name="changePayPwd"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.save')}
          </Button>
        }
      >
        {hasPaymentCode && (
          <Form.Item name="oldPaymentCode" label={t('field.oldPaymentCode')}>
            <Input {...digitsInput} placeholder={t('placeholder.oldPaymentCode')} />
          </Form.Item>
        )}
        <Form.Item name="paymentCode" label={t('field.paymentCode')}>
          <Input {...digitsInput} placeholder={t('placeholder.paymentCode')} />
        </Form.Item>
        <Form.Item name="confirmPaymentCode" label={t('field.confirmPaymentCode')}>
          <Input {...digitsInput} placeholder={t('placeholder.confirmPaymentCode')} />
        </Form.Item>
      </Form>
      {hasPaymentCode && (
        <nav className="account-links" aria-label={t('payCode.moreActions')}>
          <Link to="/changePayPwd?forgot=1">{t('payCode.forgot')}</Link>
        </nav>
      )}
    </AccountPage>
  );
};
