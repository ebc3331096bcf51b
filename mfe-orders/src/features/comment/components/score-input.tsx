import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StarFill } from 'antd-mobile-icons';

interface ScoreInputProps {
  label: string;
  /** Given by the antd-mobile `Form.Item` around it. */
  value?: number;
  onChange?: (score: number) => void;
}

const SCORES = [1, 2, 3, 4, 5] as const;

/**
 * A 1–5 star score as real radio buttons: antd-mobile's Rate is pointer-only (its stars take no
 * focus), so a keyboard or screen-reader user could not give a score with it.
 */
export default function ScoreInput({ label, value = 0, onChange }: ScoreInputProps) {
  const { t } = useTranslation('orders');
  const name = useId();
  return (
    <fieldset className="score-input">
      <legend className="score-input__legend">{label}</legend>
      <span className="score-input__stars">
        {SCORES.map((score) => (
          <label
            key={score}
            className={score <= value ? 'score-input__star score-input__star--on' : 'score-input__star'}
          >
            <input
              type="radio"
              name={name}
              value={score}
              checked={score === value}
              onChange={() => onChange?.(score)}
              aria-label={t('comment.stars', { count: score })}
            />
            <StarFill aria-hidden="true" />
          </label>
        ))}
      </span>
    </fieldset>
  );
}
