import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { toast } from '#web/ui/toast';

/** Sends the validation e-mail again; 'validation email sent' or the spec §8 failure message as a toast. */
export function ResendButton({ send, label }: { send: () => Promise<unknown>; label?: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        try {
          await send();
          toast.success(t('auth.activate.validationEmailSent'));
        } catch (error) {
          if (isApiError(error) && error.code === 'CONFLICT') toast.info(t('auth.activate.alreadyActivated'));
          else if (isApiError(error) && error.code === 'RATE_LIMITED') toast.error(t('auth.errors.rateLimited'));
          else toast.error(t('auth.activate.validationEmailError'));
        } finally {
          setPending(false);
        }
      }}
    >
      {label ?? t('auth.activate.resend')}
    </button>
  );
}
