import { useId, type ReactNode } from 'react';

interface ChoiceGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  labelOf: (option: T) => string;
  /** Value and change are given by the antd-mobile `Form.Item` around the group. */
  value?: T | null;
  onChange?: (option: T) => void;
  /** What is wrong with the choice (shown under it), if anything. */
  error?: string;
  /** Shown inside the group after the options (the text of an "Other" choice). */
  children?: ReactNode;
}

/**
 * One-of-several choice as native radio buttons: antd-mobile's Radio hides its input with
 * `display: none`, which takes it out of the accessibility tree and the keyboard order. Each option's
 * label is its whole row, at least 44 px tall (docs/decisions/0009-shopper-app-review.md: 44×44 px hit areas).
 */
export default function ChoiceGroup<T extends string>({
  legend,
  options,
  value,
  labelOf,
  onChange,
  error,
  children,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="refund-form__field choice-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="choice-group__option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange?.(option)}
          />
          <span>{labelOf(option)}</span>
        </label>
      ))}
      {children}
      {error && (
        <p className="orders-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
