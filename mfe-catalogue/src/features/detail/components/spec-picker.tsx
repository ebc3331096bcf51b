import type { ProductSpec } from '@marketplace/shared/contracts';
import './spec-picker.css';

/** One group of option chips per spec; each group is a radio group named by the spec. */
export default function SpecPicker({
  specs,
  chosen,
  onChoose,
}: {
  specs: ProductSpec[];
  chosen: Record<string, string>;
  onChoose: (name: string, option: string) => void;
}) {
  return (
    <>
      {specs.map((spec) => (
        <div key={spec.name} className="catalogue-spec">
          <span className="catalogue-spec__name" id={`catalogue-spec-${spec.name}`}>
            {spec.name}
          </span>
          <div role="radiogroup" aria-labelledby={`catalogue-spec-${spec.name}`} className="catalogue-spec__options">
            {spec.options.map((option) => {
              const checked = chosen[spec.name] === option;
              return (
                <button
                  key={option}
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  className={checked ? 'catalogue-spec__option catalogue-spec__option--on' : 'catalogue-spec__option'}
                  onClick={() => onChoose(spec.name, option)}
                >
                  {option}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </>
  );
}
