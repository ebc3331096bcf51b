import { sessionCleared, textOf, toastSuccess, useAppDispatch, useSchemaForm } from '@marketplace/shared';
import { forgotPasswordResetBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountPage } from '../../layout/components/account-page';
import { useResetForgottenPasswordMutation } from '../api';

/** Step 2 of "forgot password": the mailed code and a new password. */
export const ChangePasswordScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const [resetPassword, { isLoading }] = useResetForgottenPasswordMutation();

  const submit = async (values: Record<string, unknown>) => {
    const body = parse(forgotPasswordResetBody, {
      account: textOf(values.account),
      code: textOf(values.code),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
    });
    if (!body) return;
    const result = await resetPassword(body);
    if (result.error) return;
    // The server ends every session of the account; this device forgets its token too.
    dispatch(sessionCleared());
    toastSuccess({ key: 'errors:ok.change' });
    navigate(`/login?${new URLSearchParams({ account: body.account }).toString()}`, { replace: true });
  };

  return (
    <AccountPage title={t('title.changePassword')}>
      <Form
        {...formProps}
        name="changePassword"
        initialValues={{ account: params.get('account') ?? '' }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.resetPassword')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('field.account')}>
          <Input placeholder={t('placeholder.account')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="code" label={t('field.code')}>
          <Input
            inputMode="numeric"
            maxLength={6}
            placeholder={t('placeholder.code')}
            autoComplete="one-time-code"
            clearable
          />
        </Form.Item>
        <Form.Item name="password" label={t('field.newPassword')}>
          <Input type="password" placeholder={t('placeholder.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmNewPassword')}>
          <Input type="password" placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
      </Form>
      <nav className="account-links" aria-label={t('changePassword.moreActions')}>
        <Link to="/forgotPassword">{t('action.resendCode')}</Link>
      </nav>
    </AccountPage>
  );
};
