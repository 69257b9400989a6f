import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './form-field.css';

// The fields of every form (issue #20): a label, the control, a hint and an error, the last two tied to the control
// (aria-describedby) and the error marking it invalid (aria-invalid) — which is how lib/use-contract-form.ts finds
// the first field to focus after a refused submit. Native controls: the keyboard, autofill and the browser's date
// picker work as users expect, and no component library is downloaded with a customer's screen (ARCHITECTURE §7).

interface Described {
  label: string;
  /** Translated; once shown, the control is invalid. A node when it carries a link (checkout's "Sign in"). */
  error?: ReactNode;
  /** A hint under the control, read with it. */
  description?: ReactNode;
  /** On the field's box, beside `form-field`. */
  className?: string;
}

function useDescription({ error, description }: Described) {
  const id = useId();
  const describedBy = [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    control: {
      id,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
    },
    notes: (
      <>
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
      </>
    ),
  };
}

const boxClass = (className: string | undefined, kind = '') =>
  ['form-field', kind, className].filter(Boolean).join(' ');

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

interface TextFieldProps extends Described, InputProps {
  name: string;
  value: string;
  onChange?: (value: string) => void;
  /** Beside the input, on its row (the newsletter's Subscribe button). */
  aside?: ReactNode;
  inputClassName?: string;
}

export function TextField({
  label,
  error,
  description,
  className,
  value,
  onChange,
  aside,
  inputClassName,
  ...input
}: TextFieldProps) {
  const { id, control, notes } = useDescription({ label, error, description });
  const field = (
    <input
      {...input}
      {...control}
      className={['text-field', inputClassName].filter(Boolean).join(' ')}
      value={value}
      onChange={(event) => onChange?.(event.currentTarget.value)}
    />
  );
  return (
    <div className={boxClass(className)}>
      <label htmlFor={id}>{label}</label>
      {aside ? (
        <div className="form-field__row">
          {field}
          {aside}
        </div>
      ) : (
        field
      )}
      {notes}
    </div>
  );
}

interface TextAreaFieldProps
  extends Described,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange' | 'className'> {
  name: string;
  value: string;
  onChange: (value: string) => void;
}

export function TextAreaField({ label, error, description, className, value, onChange, ...area }: TextAreaFieldProps) {
  const { id, control, notes } = useDescription({ label, error, description });
  return (
    <div className={boxClass(className)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        {...area}
        {...control}
        className="text-field"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {notes}
    </div>
  );
}

interface CheckboxFieldProps extends Described {
  name: string;
  value: boolean;
  onChange: (value: boolean) => void;
  /** After the label (a link to the terms it accepts). */
  aside?: ReactNode;
}

export function CheckboxField({
  label,
  error,
  description,
  className,
  name,
  value,
  onChange,
  aside,
}: CheckboxFieldProps) {
  const { id, control, notes } = useDescription({ label, error, description });
  return (
    <div className={boxClass(className, 'form-field--check')}>
      <input
        {...control}
        type="checkbox"
        name={name}
        checked={value}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {aside ? <span className="form-field__aside">{aside}</span> : null}
      {notes}
    </div>
  );
}

interface FileFieldProps extends Described {
  name: string;
  /** What the input may take (`image/*,application/pdf`). */
  accept: string;
  onChange: (file: File | null) => void;
}

/** A file input: the browser keeps the chosen file, the form is told of it. */
export function FileField({ label, error, description, className, name, accept, onChange }: FileFieldProps) {
  const { id, control, notes } = useDescription({ label, error, description });
  return (
    <div className={boxClass(className)}>
      <label htmlFor={id}>{label}</label>
      <input
        {...control}
        type="file"
        name={name}
        accept={accept}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      {notes}
    </div>
  );
}

interface SelectFieldProps
  extends Described,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'className'> {
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

export function SelectField({
  label,
  error,
  description,
  className,
  value,
  onChange,
  children,
  ...select
}: SelectFieldProps) {
  const { id, control, notes } = useDescription({ label, error, description });
  return (
    <div className={boxClass(className)}>
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        {...control}
        className="text-field"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {children}
      </select>
      {notes}
    </div>
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
