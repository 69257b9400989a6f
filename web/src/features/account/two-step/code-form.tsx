import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from '#web/ui/form-field';

/** What a refused code says: wrong or used, too many tries, or anything else. */
export function codeRefusal(t: TFunction, error: unknown): string {
  const code = isApiError(error) ? error.code : null;
  if (code === 'INCORRECT_CODE') return t('account.security.incorrect');
  if (code === 'RATE_LIMITED') return t('account.security.rateLimited');
  return t('account.security.error');
}

type CodeFormProps = {
  label: string;
  submit: string;
  onCode: (code: string) => Promise<unknown>;
};

/** One code (from the app, or a recovery code) and a button: enrolment's confirmation, turning it off. */
export function CodeForm({ label, submit, onCode }: CodeFormProps) {
  const { t } = useTranslation();
  const form = useContractForm({
    initialValues: { code: '' },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.TwoFactorCodeSchema),
    onSubmit: ({ code }) => onCode(code),
    onError: (error) => codeRefusal(t, error),
  });
  return (
    <form className="two-step__form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      <TextField
        {...form.field('code', label)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
      <button type="submit" className="button" disabled={form.pending}>
        {submit}
      </button>
    </form>
  );
}
