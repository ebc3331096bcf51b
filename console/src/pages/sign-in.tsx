import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session';

interface Session {
  token: string;
}
interface Enrolment {
  otpauthUri: string;
  secret: string;
  qrCode: string;
}

const CODE_RULE = { pattern: /^\d{6}$/, messageKey: 'signIn.codeFormat' };

/** The authenticator's six-digit code, with `extra` help under it if given. */
function CodeField({ extra }: { extra?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('signIn.code')}
      name="code"
      extra={extra}
      rules={[{ required: true, pattern: CODE_RULE.pattern, message: t(CODE_RULE.messageKey) }]}
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
    </Form.Item>
  );
}

/** Password, then the authenticator's code. */
function SignInForm() {
  const { t } = useTranslation();
  const { api, signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (values: { name: string; password: string; code: string }) => {
    setBusy(true);
    setError(null);
    try {
      // The server sets the browser's console cookie; the token in the answer is for the ops CLI.
      await api.post<Session>('/api/admin/auth/sign_in', values);
      await signedIn();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form layout="vertical" name="sign-in" onFinish={submit} requiredMark={false}>
      {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form.Item label={t('signIn.name')} name="name" rules={[{ required: true, message: t('signIn.nameRequired') }]}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item
        label={t('signIn.password')}
        name="password"
        rules={[{ required: true, message: t('signIn.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <CodeField extra={t('signIn.codeHelp')} />
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('signIn.submit')}
      </Button>
    </Form>
  );
}

/** First sign-in with the set-up code an admin handed over: a password, then the QR code and a code. */
function SetUpForm() {
  const { t } = useTranslation();
  const { api, signedIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<(Enrolment & { name: string; setupCode: string }) | null>(null);

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

  if (!enrolment) {
    return (
      <Form
        layout="vertical"
        name="set-up"
        requiredMark={false}
        onFinish={(values: { name: string; setupCode: string; password: string; repeat: string }) =>
          run(async () => {
            const answer = await api.post<Enrolment>('/api/admin/auth/setup', {
              name: values.name,
              setupCode: values.setupCode,
              password: values.password,
            });
            setEnrolment({ ...answer, name: values.name, setupCode: values.setupCode });
          })
        }
      >
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form.Item label={t('signIn.name')} name="name" rules={[{ required: true, message: t('signIn.nameRequired') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          label={t('setUp.setupCode')}
          name="setupCode"
          extra={t('setUp.setupCodeHelp')}
          rules={[{ required: true, message: t('setUp.setupCodeRequired') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('setUp.password')}
          name="password"
          extra={t('setUp.passwordHelp')}
          rules={[{ required: true, min: 12, max: 128, message: t('setUp.passwordLength') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('setUp.repeat')}
          name="repeat"
          dependencies={['password']}
          rules={[
            { required: true, message: t('setUp.repeatMismatch') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('setUp.repeatMismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} block>
          {t('setUp.next')}
        </Button>
      </Form>
    );
  }

  return (
    <Form
      layout="vertical"
      name="enrol"
      requiredMark={false}
      onFinish={(values: { code: string }) =>
        run(async () => {
          await api.post<Session>('/api/admin/auth/setup_confirm', {
            name: enrolment.name,
            setupCode: enrolment.setupCode,
            code: values.code,
          });
          await signedIn();
        })
      }
    >
      {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{t('setUp.scan')}</Typography.Paragraph>
      <img
        src={enrolment.qrCode}
        alt={t('setUp.qrAlt')}
        width={240}
        height={240}
        style={{ display: 'block', margin: '0 auto 16px' }}
      />
      <Typography.Paragraph>
        {t('setUp.key')}{' '}
        <Typography.Text code copyable data-testid="totp-key">
          {enrolment.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <CodeField />
      <Button type="primary" htmlType="submit" loading={busy} block>
        {t('setUp.confirm')}
      </Button>
    </Form>
  );
}

export default function SignInPage() {
  const { t } = useTranslation();
  return (
    <main style={{ display: 'flex', justifyContent: 'center', padding: '64px 16px' }}>
      <Card style={{ width: 420 }} title={<h1 style={{ fontSize: 20, margin: 0 }}>{t('app.title')}</h1>}>
        <Tabs
          items={[
            { key: 'sign-in', label: t('signIn.tab'), children: <SignInForm /> },
            { key: 'set-up', label: t('setUp.tab'), children: <SetUpForm /> },
          ]}
        />
      </Card>
    </main>
  );
}
