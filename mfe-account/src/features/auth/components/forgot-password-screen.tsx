import { textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { forgotPasswordSendBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
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
      <Form
        {...formProps}
        name="forgotPassword"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.sendCode')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('field.account')}>
          <Input placeholder={t('placeholder.account')} autoComplete="username" clearable />
        </Form.Item>
      </Form>
    </AccountPage>
  );
};
