import { Stepper } from 'antd-mobile';
import { clampQuantity } from '../bag-rules';

/** Quantity between 1 and the stock: the buttons stop at the bounds and typed values are pulled back in. */
export default function QuantityStepper({
  value,
  stock,
  onChange,
  disabled = false,
}: {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}) {
  return (
    <Stepper
      min={1}
      max={Math.max(1, stock)}
      digits={0}
      value={value}
      disabled={disabled || stock < 1}
      onChange={(next) => {
        const quantity = clampQuantity(next, stock);
        if (quantity !== value) onChange(quantity);
      }}
    />
  );
}
