import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

/** The authenticator's six-digit code. */
export function CodeField({ name = 'code' }: { name?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('signIn.code')}
      name={name}
      rules={[{ required: true, pattern: /^\d{6}$/, message: t('signIn.codeFormat') }]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
    </Form.Item>
  );
}

/** E-mail, password and the authenticator's code. */
export default function SignInPage() {
  const { t } = useTranslation();
  const { api, signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { email: string; password: string; code: string }) => {
    setBusy(true);
    setError(null);
    try {
      signedIn((await api.post<{ token: string }>('/api/seller/auth/sign_in', values)).token);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main style={{ maxWidth: 420, margin: '32px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('signIn.title')}
        </Typography.Title>
        <Form layout="vertical" name="sign-in" onFinish={submit} requiredMark={false}>
          {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
          <Form.Item
            label={t('signIn.email')}
            name="email"
            rules={[{ required: true, type: 'email', message: t('signIn.emailRequired') }]}
          >
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Form.Item
            label={t('signIn.password')}
            name="password"
            rules={[{ required: true, message: t('signIn.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <CodeField />
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('signIn.submit')}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('signIn.inviteHint')}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
