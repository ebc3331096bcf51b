import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';
import { CodeField } from './sign-in';

interface Enrolment {
  otpauthUri: string;
  secret: string;
  qrCode: string;
}

/** The invitation code travels in the link's fragment (`#code=…`): never sent to a server log. */
const inviteCode = () => new URLSearchParams(globalThis.location.hash.slice(1)).get('code') ?? '';

/** The invitation link's page: a new password, then the authenticator is enrolled with one of its codes. */
export default function InvitePage() {
  const { t } = useTranslation();
  const { api, signedIn } = useSession();
  const [code] = useState(inviteCode);
  const [email, setEmail] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.post<{ email: string }>('/api/seller/auth/invitation', { code }).then(
      (invitation) => setEmail(invitation.email),
      (failure: Error) => setError(failure.message),
    );
  }, [api, code]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main style={{ maxWidth: 520, margin: '32px auto', padding: '0 16px' }}>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {t('invite.title')}
        </Typography.Title>
        <Steps
          size="small"
          current={enrolment ? 1 : 0}
          items={[{ title: t('invite.stepPassword') }, { title: t('invite.stepAuthenticator') }]}
          style={{ marginBottom: 24 }}
        />
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        {email && <Typography.Paragraph>{t('invite.for', { email })}</Typography.Paragraph>}
        {email && !enrolment && (
          <Form
            layout="vertical"
            name="invite-password"
            requiredMark={false}
            onFinish={(values: { password: string }) =>
              run(async () => {
                setEnrolment(await api.post<Enrolment>('/api/seller/auth/setup', { code, password: values.password }));
              })
            }
          >
            <Form.Item
              label={t('invite.password')}
              name="password"
              extra={t('invite.passwordHint')}
              rules={[{ required: true, min: 12, max: 128, message: t('invite.passwordLength') }]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('invite.next')}
            </Button>
          </Form>
        )}
        {enrolment && (
          <Form
            layout="vertical"
            name="invite-authenticator"
            requiredMark={false}
            onFinish={(values: { code: string }) =>
              run(async () => {
                const session = await api.post<{ token: string }>('/api/seller/auth/setup_confirm', {
                  code,
                  totp: values.code,
                });
                globalThis.history.replaceState(null, '', '/seller/');
                signedIn(session.token);
              })
            }
          >
            <Typography.Paragraph>{t('invite.scan')}</Typography.Paragraph>
            <img src={enrolment.qrCode} width={200} height={200} alt={t('invite.qrAlt')} />
            <Typography.Paragraph>
              {t('invite.secret')}{' '}
              <Typography.Text code copyable>
                {enrolment.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <CodeField />
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('invite.finish')}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
