import { type InputHTMLAttributes, useId } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  /** Translated message shown under the field and announced with it. */
  error?: string | undefined;
}

/** A labelled text input with its error message tied to it (aria-invalid, aria-describedby). */
export function Field({ label, name, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="text-field auth-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CheckboxProps {
  label: string;
  name: string;
  error?: string | undefined;
  defaultChecked?: boolean;
}

export function Checkbox({ label, name, error, defaultChecked }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <div className="auth-check">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (role=alert so screen readers hear it when it appears). */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'info'; children: string | null }) {
  if (!children) return null;
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`auth-message auth-message--${kind}`}>
      {children}
    </p>
  );
}
