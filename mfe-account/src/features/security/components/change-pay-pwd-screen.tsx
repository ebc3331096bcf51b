import {
  selectUserInfo,
  toastFail,
  toastSuccess,
  useAppSelector,
  useGoBack,
  useScreenTitle,
} from '@marketplace/shared';
import { resetPayBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../forms/form-values';
import { useSchemaValidation } from '../../forms/hooks/use-schema-validation';
import { AccountPage } from '../../layout/components/account-page';
import { useGetUserInfoQuery } from '../../profile/api';
import { useReloadUserInfo } from '../../profile/hooks/use-reload-user-info';
import { useChangePaymentCodeMutation } from '../api';

// A numeric keyboard, but no `pattern`: the browser's own check would block the submit with its
// wording instead of the spec's message.
const digitsInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off' } as const;

/** Set the payment code the first time (no old code), or change it (old code required). */
export const ChangePayPwdScreen = () => {
  const { t } = useTranslation('account');
  const goBack = useGoBack();
  const validate = useSchemaValidation();
  const reloadUserInfo = useReloadUserInfo();
  const sessionUser = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery();
  const [changePaymentCode, { isLoading }] = useChangePaymentCodeMutation();
  const hasPaymentCode = (data ?? sessionUser)?.hasPaymentCode ?? false;
  // Setting the first code or changing it: the heading and the browser tab say which.
  useScreenTitle(hasPaymentCode ? 'account:payCode.changeTitle' : 'account:payCode.setTitle');

  const submit = async (values: Record<string, unknown>) => {
    const oldPaymentCode = hasPaymentCode ? textOf(values.oldPaymentCode) : '';
    if (hasPaymentCode && !oldPaymentCode) {
      toastFail({ key: 'errors:err.oldPasswordRequired' });
      return;
    }
    const body = validate(resetPayBody, {
      oldPaymentCode,
      paymentCode: textOf(values.paymentCode),
      confirmPaymentCode: textOf(values.confirmPaymentCode),
    });
    if (!body) return;
    const result = await changePaymentCode(body);
    if (result.error) return;
    toastSuccess({ key: 'errors:ok.setting' });
    await reloadUserInfo();
    goBack();
  };

  return (
    <AccountPage title={t(hasPaymentCode ? 'payCode.changeTitle' : 'payCode.setTitle')}>
      <p className="account-note">{t('payCode.rule')}</p>
      <Form
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
    </AccountPage>
  );
};
