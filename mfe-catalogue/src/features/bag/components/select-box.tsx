import type { ReactNode } from 'react';
import './select-box.css';

/**
 * A round check box in antd-mobile's look around a real checkbox input: antd's Checkbox hides
 * its input with `display: none`, which takes it out of the accessibility tree.
 */
export default function SelectBox({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="catalogue-select-box">
      <input
        type="checkbox"
        className="catalogue-select-box__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="catalogue-select-box__icon" aria-hidden="true" />
      {children}
    </label>
  );
}
