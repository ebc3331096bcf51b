import type { ReactNode } from 'react';
import { Form } from 'antd-mobile';

interface LabelledFieldProps {
  /** The field's box (the form's own field class). */
  className: string;
  /** The form value the control holds. */
  name: string;
  label: ReactNode;
  /** The id of the control the label names; without it the label is a caption (a picture field names itself). */
  htmlFor?: string;
  /** What is wrong with the field (shown under it), if anything. */
  error?: string;
  children: ReactNode;
}

/** One field of an order form: its label above the control bound to the form value `name`. */
export function LabelledField({ className, name, label, htmlFor, error, children }: LabelledFieldProps) {
  return (
    <div className={className}>
      {htmlFor ? <label htmlFor={htmlFor}>{label}</label> : <span>{label}</span>}
      <Form.Item name={name} noStyle>
        {children}
      </Form.Item>
      {error && (
        <p className="orders-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
