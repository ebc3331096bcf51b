import { Form, Input, type InputProps } from 'antd-mobile';
import type { ReactNode } from 'react';

type WalletFieldProps = InputProps & {
  id: string;
  /** Names the input (its `<label for>`). */
  label: string;
  /** A control beside the label, such as "Withdraw all". */
  action?: ReactNode;
  /** Shown under the input as an alert while set. */
  error?: ReactNode;
};

/** One labelled text field of a wallet form: the label, an optional action beside it, the input, its error. */
function WalletField({ id, label, action, error, ...input }: WalletFieldProps) {
  const name = <label htmlFor={id}>{label}</label>;
  return (
    <div className="wallet-field">
      {action ? (
        <div className="wallet-field__row">
          {name}
          {action}
        </div>
      ) : (
        name
      )}
      <Input id={id} {...input} />
      {error ? (
        <p className="wallet-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type WalletFormFieldProps = WalletFieldProps & {
  /** The form value the field holds. */
  name: string;
  /** Rewrites what the shopper types before the form keeps it (card number groups, expiry slash). */
  normalize?: (value: string) => string;
};

/** A `WalletField` bound to the form value `name`: the wallet forms lay out their own labels (`noStyle`). */
export function WalletFormField({ name, normalize, ...field }: WalletFormFieldProps) {
  return (
    <Form.Item name={name} noStyle normalize={normalize}>
      <WalletField {...field} />
    </Form.Item>
  );
}
