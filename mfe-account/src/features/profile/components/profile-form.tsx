import { textOf, toastSuccess } from '@marketplace/shared';
import { profileBody, type UserInfo } from '@marketplace/shared/contracts';
import { Button, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendEmailCodeMutation, useUpdateUserProfileMutation, useVerifyUserEmailMutation } from '../api';
import { AccountForm, ContactFields, useAccountForm } from '../../layout';
import { useReloadUserInfo } from '../hooks/use-reload-user-info';

interface ProfileFormProps {
  user: UserInfo;
  onSaved: () => void;
}

/** Proves the shopper reads their email: reset codes are only ever sent to a verified address. */
const EmailVerification = () => {
  const { t } = useTranslation('account');
  const reloadUserInfo = useReloadUserInfo();
  const [code, setCode] = useState('');
  const [sendCode, sending] = useSendEmailCodeMutation();
  const [verifyEmail, verifying] = useVerifyUserEmailMutation();
  const send = async () => {
    const result = await sendCode();
    if ('data' in result && result.data) toastSuccess(result.data.msg);
  };
  const verify = async () => {
    const result = await verifyEmail({ code: code.trim() });
    if (!('data' in result) || !result.data) return;
    toastSuccess(result.data.msg);
    await reloadUserInfo();
  };
  return (
    <section className="profile-email-verify" aria-label={t('profile.verifyEmail')}>
      <p>{t('profile.emailNotVerified')}</p>
      <Button size="small" onClick={() => void send()} loading={sending.isLoading}>
        {t('profile.sendEmailCode')}
      </Button>
      <label htmlFor="email-code">{t('field.code')}</label>
      <Input
        id="email-code"
        inputMode="numeric"
        maxLength={6}
        placeholder={t('placeholder.code')}
        value={code}
        onChange={setCode}
      />
      <Button size="small" color="primary" onClick={() => void verify()} loading={verifying.isLoading}>
        {t('profile.verifyEmail')}
      </Button>
    </section>
  );
};

/** Personal information: the user name (family and given name), email and mobile. */
export const ProfileForm = ({ user, onSaved }: ProfileFormProps) => {
  const { t } = useTranslation('account');
  const { sendForm, formProps } = useAccountForm();
  const reloadUserInfo = useReloadUserInfo();
  const [updateProfile] = useUpdateUserProfileMutation();

  const submit = async (values: Record<string, unknown>) => {
    const sent = await sendForm(profileBody, updateProfile, {
      familyName: textOf(values.familyName).trim(),
      givenName: textOf(values.givenName).trim(),
      email: textOf(values.email).trim(),
      mobile: textOf(values.mobile).trim(),
      currentPassword: textOf(values.currentPassword) || undefined,
    });
    if (!sent) return;
    toastSuccess({ key: 'errors:ok.save' });
    await reloadUserInfo();
    onSaved();
  };

  return (
    <AccountForm
      {...formProps}
      name="profile"
      initialValues={{ familyName: user.familyName, givenName: user.givenName, email: user.email, mobile: user.mobile }}
      onFinish={submit}
      submitLabel={t('action.save')}
    >
      <Form.Header>{t('setting.personalInfo')}</Form.Header>
      <Form.Item name="familyName" label={t('field.familyName')}>
        <Input placeholder={t('placeholder.familyName')} autoComplete="family-name" clearable />
      </Form.Item>
      <Form.Item name="givenName" label={t('field.givenName')}>
        <Input placeholder={t('placeholder.givenName')} autoComplete="given-name" clearable />
      </Form.Item>
      <ContactFields />
      <Form.Item name="currentPassword" label={t('field.currentPassword')} help={t('profile.currentPasswordHelp')}>
        <Input type="password" placeholder={t('placeholder.oldPassword')} autoComplete="current-password" clearable />
      </Form.Item>
      {user.email && !user.emailVerified && <EmailVerification />}
    </AccountForm>
  );
};
