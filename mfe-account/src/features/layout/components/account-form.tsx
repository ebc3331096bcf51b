import { outcomeOf, useSchemaForm, type FormSchema, type MutationResult } from '@marketplace/shared';
import { Button, Form, Input, type FormProps } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface AccountFormProps extends Omit<FormProps, 'footer'> {
  /** The text of the submit button. */
  submitLabel: ReactNode;
  /** While the request is on its way the submit button spins (and cannot be pressed again). */
  submitting: boolean;
}

/**
 * An account form's instance and its schema check (`useSchemaForm`), plus `sendForm`: the body `schema`
 * makes of `fields` goes to `trigger` (a mutation); it resolves the body and the server's answer, or
 * null when the form (first problem toasted and marked) or the server (toasted by the base query) refused.
 * `formProps` carry `submitting` for `AccountForm`: true while a body sent this way waits for its answer.
 */
export const useAccountForm = () => {
  const [form] = Form.useForm();
  const schemaForm = useSchemaForm(form);
  const [submitting, setSubmitting] = useState(false);
  const sendForm = async <T, R extends MutationResult>(
    schema: FormSchema<T>,
    trigger: (body: T) => PromiseLike<R>,
    fields: unknown,
  ) => {
    const body = schemaForm.parse<T>(schema, fields);
    if (!body) return null;
    setSubmitting(true);
    try {
      const outcome = outcomeOf(await trigger(body));
      return outcome.ok ? { body, data: outcome.data } : null;
    } finally {
      setSubmitting(false);
    }
  };
  return { ...schemaForm, sendForm, formProps: { ...schemaForm.formProps, submitting } };
};

/** An account screen's form: its fields, then one full-width primary submit button. */
export const AccountForm = ({ submitLabel, submitting, children, ...props }: AccountFormProps) => (
  <Form
    {...props}
    footer={
      <Button block type="submit" color="primary" size="large" loading={submitting}>
        {submitLabel}
      </Button>
    }
  >
    {children}
  </Form>
);

/** The account name (`account`); the sign-up form gives its own placeholder. */
export const AccountNameField = ({ placeholder }: { placeholder?: string }) => {
  const { t } = useTranslation('account');
  return (
    <Form.Item name="account" label={t('field.account')}>
      <Input placeholder={placeholder ?? t('placeholder.account')} autoComplete="username" clearable />
    </Form.Item>
  );
};

/** The six-digit one-time code mailed to the shopper (`code`); `extra` sits beside it (a send button). */
export const MailedCodeField = ({ extra }: { extra?: ReactNode }) => {
  const { t } = useTranslation('account');
  return (
    <Form.Item name="code" label={t('field.code')} extra={extra}>
      <Input
        inputMode="numeric"
        maxLength={6}
        placeholder={t('placeholder.code')}
        autoComplete="one-time-code"
        clearable
      />
    </Form.Item>
  );
};

interface PasswordFieldProps {
  name: string;
  label: string;
  placeholder: string;
  /** Whether the browser offers the saved password or a new one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A login password field. */
export const PasswordField = ({ name, label, placeholder, autoComplete }: PasswordFieldProps) => (
  <Form.Item name={name} label={label}>
    <Input type="password" placeholder={placeholder} autoComplete={autoComplete} />
  </Form.Item>
);

/** A new login password (`password`) and its confirmation (`confirmPassword`), with the form's own labels. */
export const NewPasswordFields = ({ label, confirmLabel }: { label: string; confirmLabel: string }) => {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        name="password"
        label={label}
        placeholder={t('placeholder.newPassword')}
        autoComplete="new-password"
      />
      <PasswordField
        name="confirmPassword"
        label={confirmLabel}
        placeholder={t('placeholder.confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
};

/**
 * The email (`email`) and mobile (`mobile`) fields; `description` marks both (as optional on sign-up).
 * Email gets an email keyboard but not `type="email"`: the browser's own check would block the submit
 * with its wording instead of "Please fill correct email" (requirements §3.3).
 */
export const ContactFields = ({ description }: { description?: string }) => {
  const { t } = useTranslation('account');
  return (
    <>
      <Form.Item name="email" label={t('field.email')} description={description}>
        <Input inputMode="email" placeholder={t('placeholder.email')} autoComplete="email" clearable />
      </Form.Item>
      <Form.Item name="mobile" label={t('field.mobile')} description={description}>
        <Input type="tel" inputMode="tel" placeholder={t('placeholder.mobile')} autoComplete="tel" clearable />
      </Form.Item>
    </>
  );
};
