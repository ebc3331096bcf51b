import { textOf } from '@marketplace/shared';
import { loginBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AccountForm, AccountNameField, PasswordField, useAccountForm, AccountPage } from '../../layout';
import { useLogin } from '../hooks/use-login';
import { LoginLanguagePicker } from './login-language-picker';

export const LoginScreen = () => {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const { parse, formProps } = useAccountForm();
  const { login, isLoading } = useLogin();

  const submit = (values: Record<string, unknown>) => {
    const body = parse(loginBody, { account: textOf(values.account), password: textOf(values.password) });
    if (body) void login(body, params.get('redirect'));
  };

  return (
    <AccountPage title={t('title.login')} right={<LoginLanguagePicker />}>
      <AccountForm
        {...formProps}
        name="login"
        initialValues={{ account: params.get('account') ?? '' }}
        onFinish={submit}
        submitLabel={t('action.login')}
        submitting={isLoading}
      >
        <AccountNameField />
        <PasswordField
          name="password"
          label={t('field.password')}
          placeholder={t('placeholder.password')}
          autoComplete="current-password"
        />
      </AccountForm>
      <nav className="account-links" aria-label={t('login.moreActions')}>
        <Link to="/register">{t('action.register')}</Link>
        <Link to="/forgotPassword">{t('action.forgotPassword')}</Link>
      </nav>
    </AccountPage>
  );
};
