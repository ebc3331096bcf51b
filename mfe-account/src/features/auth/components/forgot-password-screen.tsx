import { textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { forgotPasswordSendBody } from '@marketplace/shared/contracts';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountForm, AccountNameField } from '../../layout/components/account-form';
import { AccountPage } from '../../layout/components/account-page';
import { useSendPasswordResetCodeMutation } from '../api';

export const ForgotPasswordScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const [sendCode, { isLoading }] = useSendPasswordResetCodeMutation();

  const submit = async (values: Record<string, unknown>) => {
    const body = parse(forgotPasswordSendBody, { account: textOf(values.account) });
    if (!body) return;
    const result = await sendCode(body);
    if (result.error) return;
    toastSuccess({ key: 'errors:err.resetCodeSent' });
    navigate(`/changePassword?${new URLSearchParams({ account: body.account }).toString()}`);
  };

  return (
    <AccountPage title={t('title.forgotPassword')}>
      <p className="account-note">{t('forgotPassword.intro')}</p>
      <AccountForm
        {...formProps}
        name="forgotPassword"
        onFinish={submit}
        submitLabel={t('action.sendCode')}
        submitting={isLoading}
      >
        <AccountNameField />
      </AccountForm>
    </AccountPage>
  );
};
