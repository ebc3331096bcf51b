import { optionalText, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { registerBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AccountPage } from '../../layout/components/account-page';
import { useRegisterUserMutation } from '../api';

/**
 * Email is typed with an email keyboard but not `type="email"`: the browser's own check would block
 * the submit with its wording instead of "Please fill correct email" (requirements §3.3).
 */
export const RegisterScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const [registerUser, { isLoading }] = useRegisterUserMutation();

  const submit = async (values: Record<string, unknown>) => {
    const body = parse(registerBody, {
      account: textOf(values.account),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
      email: optionalText(values.email),
      mobile: optionalText(values.mobile),
    });
    if (!body) return;
    const result = await registerUser(body);
    if (result.error) return;
    toastSuccess({ key: 'errors:ok.register' });
    navigate(`/login?${new URLSearchParams({ account: body.account }).toString()}`, { replace: true });
  };

  return (
    <AccountPage title={t('title.register')}>
      <Form
        {...formProps}
        name="register"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.register')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('field.account')}>
          <Input placeholder={t('placeholder.newAccount')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')}>
          <Input type="password" placeholder={t('placeholder.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmPassword')}>
          <Input type="password" placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="email" label={t('field.email')} description={t('field.optional')}>
          <Input inputMode="email" placeholder={t('placeholder.email')} autoComplete="email" clearable />
        </Form.Item>
        <Form.Item name="mobile" label={t('field.mobile')} description={t('field.optional')}>
          <Input type="tel" inputMode="tel" placeholder={t('placeholder.mobile')} autoComplete="tel" clearable />
        </Form.Item>
      </Form>
      <nav className="account-links" aria-label={t('register.moreActions')}>
        <Link to="/login">{t('action.haveAccount')}</Link>
      </nav>
    </AccountPage>
  );
};
