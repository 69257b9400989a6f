import { useRef } from 'react';
import { type Described, Field } from './form-field';

// A module of its own: only checkout takes a file through a form, and form-field.tsx is in every form's chunk.

interface FileFieldProps extends Described {
  name: string;
  /** What the input may take (`image/*,application/pdf`). */
  accept: string;
  /** The chosen file, named beside the button. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** The button's words ("Choose a file") and what shows before a file is chosen ("No file chosen"), translated. */
  chooseLabel: string;
  emptyLabel: string;
}

/**
 * A file field as the app draws its controls: the browser's own "Choose File" is unstyled and
 * speaks the browser's language, not the page's. A button of ours opens the file chooser, the chosen file's name
 * (or "No file chosen") stands beside it and is read with it; the native input stays in the page, hidden, for the
 * label to open and the browser to fill. The button carries the field's label, hint, error and invalid state, so a
 * refused submit focuses it.
 */
export function FileField({ name, accept, value, onChange, chooseLabel, emptyLabel, ...described }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field
      {...described}
      control={({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy }) => (
        <div className="file-field">
          <input
            ref={input}
            id={id}
            className="visually-hidden"
            type="file"
            name={name}
            accept={accept}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          />
          <button
            type="button"
            id={`${id}-button`}
            className="button button--secondary"
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={[`${id}-file`, describedBy].filter(Boolean).join(' ')}
            aria-invalid={invalid}
            onClick={() => input.current?.click()}
          >
            {chooseLabel}
          </button>
          <span id={`${id}-file`} className="file-field__name">
            {value?.name ?? emptyLabel}
          </span>
        </div>
      )}
    />
  );
}
