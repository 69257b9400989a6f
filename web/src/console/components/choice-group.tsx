import { type ReactNode, useId } from 'react';
import './choice-group.css';

interface ChoiceGroupProps<Value extends string> {
  /** The group's name (its legend). */
  label: string;
  /** Hidden from sight, still read: for a group whose context already names it on screen. */
  hideLabel?: boolean;
  name: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  /** Translated; once shown, read with the group. */
  error?: string;
  className?: string;
  /** After the choices, inside the group (an amount field for "a price"). */
  children?: ReactNode;
}

/** One choice among a few, as native radio buttons in a fieldset: arrow keys move, the legend names the group. */
export function ChoiceGroup<Value extends string>({
  label,
  hideLabel = false,
  name,
  value,
  options,
  onChange,
  error,
  className,
  children,
}: ChoiceGroupProps<Value>) {
  const id = useId();
  return (
    <fieldset
      className={['choice-group', className].filter(Boolean).join(' ')}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className={hideLabel ? 'visually-hidden' : 'choice-group__legend'}>{label}</legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option.value} className="choice-group__option">
            <input
              type="radio"
              name={`${name}-${id}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
