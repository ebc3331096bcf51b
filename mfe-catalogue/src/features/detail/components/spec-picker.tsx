import { useId } from 'react';
import type { ProductSpec } from '@marketplace/shared/contracts';
import './detail-controls.css';
import './spec-picker.css';

/** One group of option chips per spec; each group is a radio group named by the spec. */
export default function SpecPicker({
  specs,
  chosen,
  onChoose,
  soldOut,
  soldOutLabel,
}: {
  specs: ProductSpec[];
  chosen: Record<string, string>;
  onChoose: (name: string, option: string) => void;
  /** True for an option whose combination with the other choices is sold out: its chip is disabled. */
  soldOut?: (name: string, option: string) => boolean;
  /** What a disabled chip says after its option ("Sold out"). */
  soldOutLabel?: string;
}) {
  // The page and its option sheet both show a picker: ids stay unique.
  const idPrefix = useId();
  return (
    <>
      {specs.map((spec, index) => (
        <div key={spec.name} className="catalogue-spec">
          <span className="catalogue-spec__name" id={`${idPrefix}-${index}`}>
            {spec.name}
          </span>
          <div role="radiogroup" aria-labelledby={`${idPrefix}-${index}`} className="catalogue-spec__options">
            {spec.options.map((option) => {
              const checked = chosen[spec.name] === option;
              const gone = !checked && (soldOut?.(spec.name, option) ?? false);
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  disabled={gone}
                  className={`catalogue-chip catalogue-spec__option${checked ? ' catalogue-chip--on' : ''}${gone ? ' catalogue-spec__option--gone' : ''}`}
                  onClick={() => onChoose(spec.name, option)}
                >
                  {option}
                  {gone && soldOutLabel ? <span className="catalogue-spec__gone"> · {soldOutLabel}</span> : null}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </>
  );
}
