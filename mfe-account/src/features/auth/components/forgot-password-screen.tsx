import { textOf, toastSuccess } from '@marketplace/shared';
import { forgotPasswordSendBody } from '@marketplace/shared/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountForm, AccountNameField, useAccountForm, AccountPage } from '../../layout';
import { useSendPasswordResetCodeMutation } from '../api';

export const ForgotPasswordScreen = () => {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { sendForm, formProps } = useAccountForm();
  const [sendCode] = useSendPasswordResetCodeMutation();

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(forgotPasswordSendBody, sendCode, { account: textOf(values.account) });
    if (!sent) return;
    toastSuccess({ key: 'errors:err.resetCodeSent' });
    navigate(`/changePassword?${new URLSearchParams({ account: sent.body.account }).toString()}`);
  };

  return (
    <AccountPage title={t('title.forgotPassword')}>
      <p className="account-note">{t('forgotPassword.intro')}</p>
      <AccountForm {...formProps} name="forgotPassword" onFinish={submit} submitLabel={t('action.sendCode')}>
        <AccountNameField />
      </AccountForm>
    </AccountPage>
  );
};
