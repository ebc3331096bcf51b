import { optionalText, textOf, toastSuccess, useSchemaForm } from '@marketplace/shared';
import { registerBody } from '@marketplace/shared/contracts';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AccountForm, AccountNameField, ContactFields, NewPasswordFields } from '../../layout/components/account-form';
import { AccountPage } from '../../layout/components/account-page';
import { useRegisterUserMutation } from '../api';

/** Sign-up: account name, password, and optionally email and mobile. */
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
      <AccountForm
        {...formProps}
        name="register"
        onFinish={submit}
        submitLabel={t('action.register')}
        submitting={isLoading}
      >
        <AccountNameField placeholder={t('placeholder.newAccount')} />
        <NewPasswordFields label={t('field.password')} confirmLabel={t('field.confirmPassword')} />
        <ContactFields description={t('field.optional')} />
      </AccountForm>
      <nav className="account-links" aria-label={t('register.moreActions')}>
        <Link to="/login">{t('action.haveAccount')}</Link>
      </nav>
    </AccountPage>
  );
};
