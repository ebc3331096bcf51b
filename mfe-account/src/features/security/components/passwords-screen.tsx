import { sessionCleared, textOf, toastSuccess, useAppDispatch, useSchemaForm } from '@marketplace/shared';
import { resetPasswordBody } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
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
      <Form
        {...formProps}
        name="passwords"
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={isLoading}>
            {t('action.save')}
          </Button>
        }
      >
        <Form.Item name="oldPassword" label={t('field.oldPassword')}>
          <Input type="password" placeholder={t('placeholder.oldPassword')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('field.newPassword')}>
          <Input type="password" placeholder={t('placeholder.newPassword')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmNewPassword')}>
          <Input type="password" placeholder={t('placeholder.confirmPassword')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </AccountPage>
  );
};
