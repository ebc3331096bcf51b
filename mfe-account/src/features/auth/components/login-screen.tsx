import { textOf, useSchemaForm } from '@marketplace/shared';
import { loginBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountPage } from '../../layout/components/account-page';
import { useLogin } from '../hooks/use-login';
import { LoginLanguagePicker } from './login-language-picker';

export const LoginScreen = () => {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const { login, isLoading } = useLogin();

  const submit = (values: Record<string, unknown>) => {
    const body = parse(loginBody, { account: textOf(values.account), password: textOf(values.password) });
    if (body) void login(body, params.get('redirect'));
  };

  return (
    <AccountPage title={t('title.login')} right={<LoginLanguagePicker />}>
      <Form
        {...formProps}
        name="login"
        initialValues={{ account: params.get('account') ?? '' }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.login')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('field.account')}>
          <Input placeholder={t('placeholder.account')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label={t('field.password')}>
          <Input type="password" placeholder={t('placeholder.password')} autoComplete="current-password" />
        </Form.Item>
      </Form>
      <nav className="account-links" aria-label={t('login.moreActions')}>
        <Link to="/register">{t('action.register')}</Link>
        <Link to="/forgotPassword">{t('action.forgotPassword')}</Link>
      </nav>
    </AccountPage>
  );
};
