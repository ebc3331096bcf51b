import { optionalText, textOf, toastSuccess } from '@marketplace/shared';
import { registerBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import {
  AccountForm,
  AccountNameField,
  ContactFields,
  NewPasswordFields,
  useAccountForm,
  AccountPage,
} from '../../layout';
import { useRegisterUserMutation } from '../api';

/** Sign-up: account name, password, and optionally email and mobile. */
export const RegisterScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { sendForm, formProps } = useAccountForm();
  const [registerUser] = useRegisterUserMutation();

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(registerBody, registerUser, {
      account: textOf(values.account),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
      email: optionalText(values.email),
      mobile: optionalText(values.mobile),
    });
    if (!sent) return;
    toastSuccess({ key: 'errors:ok.register' });
    navigate(`/login?${new URLSearchParams({ account: sent.body.account }).toString()}`, { replace: true });
  };

  return (
    <AccountPage title={t('title.register')}>
      <AccountForm {...formProps} name="register" onFinish={submit} submitLabel={t('action.register')}>
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
