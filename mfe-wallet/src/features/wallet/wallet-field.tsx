import { Input, type InputProps } from 'antd-mobile';
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
export function WalletField({ id, label, action, error, ...input }: WalletFieldProps) {
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
