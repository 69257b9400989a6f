import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './form-field.css';

// The fields of every form: a label, the control, a hint and an error, the last two tied to the control
// (aria-describedby) and the error marking it invalid (aria-invalid) — which is how lib/use-contract-form.ts finds
// the first field to focus after a refused submit. Native controls: the keyboard, autofill and the browser's date
// picker work as users expect, and no component library is downloaded with a customer's screen (docs/architecture.md §7).

export interface Described {
  label: string;
  /** Translated; once shown, the control is invalid. A node when it carries a link (checkout's "Sign in"). */
  error?: ReactNode;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  /** On the field's box, beside `form-field`. */
  className?: string;
}

type Control = { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

/**
 * One field's box (for the other fields of ui/, like file-field.tsx): the label (before the control, or after it for a checkbox), the control made by `control` with
 * the ids and states that tie it to its hint and error, then `aside`, the hint and the error.
 */
export function Field({
  label,
  error,
  description,
  className,
  kind,
  aside,
  control,
}: Described & { kind?: 'check'; aside?: ReactNode; control: (props: Control) => ReactNode }) {
  const id = useId();
  const describedBy = [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined });
  const labelled = (
    <label htmlFor={id} id={`${id}-label`}>
      {label}
    </label>
  );
  return (
    <div className={['form-field', kind ? `form-field--${kind}` : '', className].filter(Boolean).join(' ')}>
      {kind === 'check' ? (
        <>
          {input}
          {labelled}
          {aside ? <span className="form-field__aside">{aside}</span> : null}
        </>
      ) : (
        <>
          {labelled}
          {aside ? (
            <div className="form-field__row">
              {input}
              {aside}
            </div>
          ) : (
            input
          )}
        </>
      )}
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
    </div>
  );
}

interface TextFieldProps
  extends Described,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'> {
  name: string;
  value: string;
  onChange?: (value: string) => void;
  /** Beside the input, on its row (the newsletter's Subscribe button). */
  aside?: ReactNode;
  inputClassName?: string;
}

export function TextField({ label, error, description, className, aside, inputClassName, ...input }: TextFieldProps) {
  const { onChange, ...attributes } = input;
  return (
    <Field
      {...{ label, error, description, className, aside }}
      control={(control) => (
        <input
          {...attributes}
          {...control}
          className={['text-field', inputClassName].filter(Boolean).join(' ')}
          onChange={(event) => onChange?.(event.currentTarget.value)}
        />
      )}
    />
  );
}

interface TextAreaFieldProps
  extends Described,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> {
  name: string;
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ label, error, description, className, onChange, ...area }: TextAreaFieldProps) {
  return (
    <Field
      {...{ label, error, description, className }}
      control={(control) => (
        <textarea
          {...area}
          {...control}
          className="text-field"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    />
  );
}

interface SelectFieldProps
  extends Described,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> {
  value: string;
  onChange: (value: string) => void;
}

export function SelectField({ label, error, description, className, onChange, ...select }: SelectFieldProps) {
  return (
    <Field
      {...{ label, error, description, className }}
      control={(control) => (
        <select
          {...select}
          {...control}
          className="text-field"
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    />
  );
}

interface CheckboxFieldProps extends Described {
  name: string;
  value: boolean;
  onChange: (value: boolean) => void;
  /** After the label (a link to the terms it accepts). */
  aside?: ReactNode;
}

export function CheckboxField({ name, value, onChange, ...described }: CheckboxFieldProps) {
  return (
    <Field
      {...described}
      kind="check"
      control={(control) => (
        <input
          {...control}
          type="checkbox"
          name={name}
          checked={value}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      )}
    />
  );
}

/** The form-level message: an error (role=alert, read as it appears) or a note (role=status). */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`form-message form-message--${kind}`}>
      {children}
    </p>
  );
}
