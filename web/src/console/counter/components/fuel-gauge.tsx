import { FUEL_EIGHTHS_FULL, fuelEighthsLabel } from '@roam/contract/counter';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

// The fuel level in eighths (contract FuelReadingSchema) as the car's own gauge shows it: nine native radio buttons —
// arrow keys move between them — set on a half-dial from empty to full, each large enough for a thumb (≥ 44 px on a
// 360 px screen), the needle pointing at the one chosen.

const LEVELS = Array.from({ length: FUEL_EIGHTHS_FULL + 1 }, (_, level) => level);
/** Each level's place on the dial: from the left (empty) over the top to the right (full), in % of the dial's box. */
const placeOf = (level: number) => {
  const angle = Math.PI * (1 - level / FUEL_EIGHTHS_FULL);
  return { left: 50 + 42 * Math.cos(angle), top: 86.4 - 76.4 * Math.sin(angle) };
};

interface FuelGaugeProps {
  label: string;
  value: number | null;
  onChange: (eighths: number) => void;
  error?: string;
  /** Under the dial: the level at check-out, at the return. */
  description?: string;
}

export function FuelGauge({ label, value, onChange, error, description }: FuelGaugeProps) {
  const { t } = useTranslation();
  const id = useId();
  const needle = value === null ? null : placeOf(value);
  return (
    <fieldset
      className="fuel-gauge"
      aria-describedby={
        [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
      }
      data-form-error={error ? '' : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <legend className="fuel-gauge__legend">{label}</legend>
      <div className="fuel-gauge__dial">
        <svg className="fuel-gauge__arc" viewBox="0 0 200 110" aria-hidden="true">
          <path d="M16 95 A84 84 0 0 1 184 95" className="fuel-gauge__track" />
          {needle ? (
            <line x1={100} y1={95} x2={needle.left * 2} y2={needle.top * 1.1} className="fuel-gauge__needle" />
          ) : null}
          <circle cx={100} cy={95} r={5} className="fuel-gauge__hub" />
        </svg>
        {LEVELS.map((level) => {
          const { left, top } = placeOf(level);
          return (
            <label key={level} className="fuel-gauge__level" style={{ left: `${left}%`, top: `${top}%` }}>
              <input
                type="radio"
                className="visually-hidden"
                name={`${id}-fuel`}
                value={level}
                checked={value === level}
                onChange={() => onChange(level)}
              />
              <span className="fuel-gauge__face">{fuelEighthsLabel(level)}</span>
            </label>
          );
        })}
        <span className="fuel-gauge__end fuel-gauge__end--empty" aria-hidden="true">
          {t('operatorCounter.fuel.empty')}
        </span>
        <span className="fuel-gauge__end fuel-gauge__end--full" aria-hidden="true">
          {t('operatorCounter.fuel.full')}
        </span>
      </div>
      {description ? (
        <p id={`${id}-hint`} className="form-field__hint">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
