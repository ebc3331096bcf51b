import { sessionCleared, textOf, toastSuccess, useAppDispatch, useSchemaForm } from '@marketplace/shared';
import { resetPasswordBody } from '@marketplace/shared/contracts';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountForm, NewPasswordFields, PasswordField } from '../../layout/components/account-form';
import { AccountPage } from '../../layout/components/account-page';
import { useChangeLoginPasswordMutation } from '../api';

/** Change the login password. The server ends every session afterwards, so the shopper logs in again. */
export const PasswordsScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm();
  const { parse, formProps } = useSchemaForm(form);
  const [changePassword, { isLoading }] = useChangeLoginPasswordMutation();

  const submit = async (values: Record<string, unknown>) => {
    const body = parse(resetPasswordBody, {
      oldPassword: textOf(values.oldPassword),
      password: textOf(values.password),
      confirmPassword: textOf(values.confirmPassword),
    });
    if (!body) return;
    const result = await changePassword(body);
    if (result.error) return;
    dispatch(sessionCleared());
    toastSuccess({ key: 'errors:ok.change' });
    navigate('/login', { replace: true });
  };

  return (
    <AccountPage title={t('title.passwords')}>
      <AccountForm
        {...formProps}
        name="passwords"
        onFinish={submit}
        submitLabel={t('action.save')}
        submitting={isLoading}
      >
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
