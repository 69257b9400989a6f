import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/ui/toast';
import { uploadErrorMessage } from './upload-error';

/** A button that opens the file chooser; the chosen file goes to `onFile` (the input is reset for a re-pick). */
export function FilePickerButton({
  label,
  accept,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <button type="button" className="button" disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </button>
    </>
  );
}

/** The toasts every settings upload or removal answers with. */
export function useUploadFeedback() {
  const { t } = useTranslation();
  return {
    onSuccess: () => toast.success(t('account.settings.updated')),
    onError: (error: unknown) => toast.error(uploadErrorMessage(t, error)),
  };
}
