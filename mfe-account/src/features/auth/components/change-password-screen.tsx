import { sessionCleared, textOf, toastSuccess, useAppDispatch } from '@marketplace/shared';
import { forgotPasswordResetBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  AccountForm,
  AccountNameField,
  MailedCodeField,
  NewPasswordFields,
  useAccountForm,
  AccountPage,
} from '../../layout';
import { useResetForgottenPasswordMutation } from '../api';

/** Step 2 of "forgot password": the mailed code and a new password. */
export const ChangePasswordScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { sendForm, formProps } = useAccountForm();
  const [resetPassword] = useResetForgottenPasswordMutation();

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(forgotPasswordResetBody, resetPassword, {
      account: textOf(values.account),
      code: textOf(values.code),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
    });
    if (!sent) return;
    // The server ends every session of the account; this device forgets its token too.
    dispatch(sessionCleared());
    toastSuccess({ key: 'errors:ok.change' });
    navigate(`/login?${new URLSearchParams({ account: sent.body.account }).toString()}`, { replace: true });
  };

  return (
    <AccountPage title={t('title.changePassword')}>
      <AccountForm
        {...formProps}
        name="changePassword"
        initialValues={{ account: params.get('account') ?? '' }}
        onFinish={submit}
        submitLabel={t('action.resetPassword')}
      >
        <AccountNameField />
        <MailedCodeField />
        <NewPasswordFields label={t('field.newPassword')} confirmLabel={t('field.confirmNewPassword')} />
      </AccountForm>
      <nav className="account-links" aria-label={t('changePassword.moreActions')}>
        <Link to="/forgotPassword">{t('action.resendCode')}</Link>
      </nav>
    </AccountPage>
  );
};
