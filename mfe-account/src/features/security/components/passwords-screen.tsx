import { sessionCleared, textOf, toastSuccess, useAppDispatch } from '@marketplace/shared';
import { resetPasswordBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountForm, NewPasswordFields, PasswordField, useAccountForm, AccountPage } from '../../layout';
import { useChangeLoginPasswordMutation } from '../api';

/** Change the login password. The server ends every session afterwards, so the shopper logs in again. */
export const PasswordsScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { sendForm, formProps } = useAccountForm();
  const [changePassword] = useChangeLoginPasswordMutation();

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(resetPasswordBody, changePassword, {
      oldPassword: textOf(values.oldPassword),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
    });
    if (!sent) return;
    dispatch(sessionCleared());
    toastSuccess({ key: 'errors:ok.change' });
    navigate('/login', { replace: true });
  };

  return (
    <AccountPage title={t('title.passwords')}>
      <AccountForm {...formProps} name="passwords" onFinish={submit} submitLabel={t('action.save')}>
        <PasswordField
          name="oldPassword"
          label={t('field.oldPassword')}
          placeholder={t('placeholder.oldPassword')}
          autoComplete="current-password"
        />
        <NewPasswordFields label={t('field.newPassword')} confirmLabel={t('field.confirmNewPassword')} />
      </AccountForm>
    </AccountPage>
  );
};
