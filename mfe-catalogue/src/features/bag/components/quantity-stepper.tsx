import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { clampQuantity } from '../bag-rules';
import './quantity-stepper.css';

/**
 * Quantity between 1 and the stock: the buttons stop at the bounds and typed values are pulled back in.
 * Our own rather than antd-mobile's Stepper, whose input has no accessible name and whose wrapper
 * carries spin-button attributes without the role (axe: critical).
 */
export default function QuantityStepper({
  value,
  stock,
  onChange,
  disabled = false,
  label,
}: {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
  /** Accessible name of the number field. */
  label?: string;
}) {
  const { t } = useTranslation('catalogue');
  const max = Math.max(1, stock);
  const off = disabled || stock < 1;
  // What is being typed; null shows the current quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (next: number) => {
    const quantity = clampQuantity(next, stock);
    setDraft(null);
    if (quantity !== value) onChange(quantity);
  };
  return (
    <span className="catalogue-stepper">
      <Button
        size="mini"
        fill="none"
        aria-label={t('stepper.decrease')}
        disabled={off || value <= 1}
        onClick={() => commit(value - 1)}
      >
        <MinusOutline aria-hidden="true" />
      </Button>
      <input
        className="catalogue-stepper__input"
        role="spinbutton"
        inputMode="numeric"
        aria-label={label ?? t('detail.quantity')}
        aria-valuenow={value}
        aria-valuemin={1}
        aria-valuemax={max}
        value={draft ?? String(value)}
        disabled={off}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={() => commit(Number(draft || value))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(Number(draft || value));
        }}
      />
      <Button
        size="mini"
        fill="none"
        aria-label={t('stepper.increase')}
        disabled={off || value >= max}
        onClick={() => commit(value + 1)}
      >
        <AddOutline aria-hidden="true" />
      </Button>
    </span>
  );
}
