import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/lib/use-contract-form';

/** The form's field props (`form.field(key, label)`, the label its legend), with what to choose from. */
type ScopePickerProps = Pick<FieldProps<readonly string[]>, 'label' | 'value' | 'onChange' | 'error'> & {
  hint: string;
  options: readonly { value: string; label: string }[];
};

/**
 * Where a promo code or an extra applies (places, ranges, cars): a disclosure of checkboxes whose summary says what
 * is chosen — none ticked means every one, as the server reads an empty list. Keyboard-usable as native controls are.
 */
export function ScopePicker({ label: legend, hint, options, value, onChange, error }: ScopePickerProps) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(options.map((option) => option.value).filter((option) => next.has(option)));
  };
  return (
    <details className="offer-scope">
      <summary>
        {legend}:{' '}
        {chosen.size === 0 ? t('operatorOffer.common.all') : t('operatorOffer.common.some', { count: chosen.size })}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{legend}</legend>
        <p className="form-field__hint">{hint}</p>
        {options.map((option) => (
          <label key={option.value} className="offer-scope__option">
            <input
              type="checkbox"
              checked={chosen.has(option.value)}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </details>
  );
}
