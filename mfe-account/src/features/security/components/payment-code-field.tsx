import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

// A numeric keyboard, but no `pattern`: the browser's own check would block the submit with its
// wording instead of the message of requirements §3.4.
const digitsInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off' } as const;

/** A payment code field: hidden digits, never offered by the browser's password manager. */
export const PaymentCodeField = ({
  name,
  label,
  placeholder,
}: {
  name: string;
  label: string;
  placeholder: string;
}) => (
  <Form.Item name={name} label={label}>
    <Input {...digitsInput} placeholder={placeholder} />
  </Form.Item>
);

/** The new payment code (`paymentCode`) and its confirmation (`confirmPaymentCode`). */
export const NewPaymentCodeFields = () => {
  const { t } = useTranslation('account');
  return (
    <>
      <PaymentCodeField name="paymentCode" label={t('field.paymentCode')} placeholder={t('placeholder.paymentCode')} />
      <PaymentCodeField
        name="confirmPaymentCode"
        label={t('field.confirmPaymentCode')}
        placeholder={t('placeholder.confirmPaymentCode')}
      />
    </>
  );
};
