import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { landSignedIn } from '#web/lib/landing';
import { setSessionUser } from '#web/lib/session';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage } from '#web/ui/form-field';
import { NewPasswordFields } from '#web/ui/new-password-fields';
import { toast } from '#web/ui/toast';
import { activate } from '../api/activation';
import { accountRefusal } from './refusal';

const NO_PASSWORD = { safeParse: () => ({ success: true as const, data: {} }) };

/**
 * Uses an activation or reset link (`POST /api/activate`) when the user presses the button — not on page load, so a
 * mail scanner that opens links cannot use them up. Asks a password when the link needs one.
 */
export function LinkForm(props: {
  link: { userId: string; token: string };
  needsPassword: boolean;
  submitLabel: string;
  successMessage: string;
  onExpired: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useContractForm<{ password: string; confirmPassword: string }, { password?: string }>({
    initialValues: { password: '', confirmPassword: '' },
    // A link that sets no password has nothing to check: zod is not even loaded.
    schema: async () =>
      props.needsPassword ? (await import('@roam/contract/auth.schema')).NewPasswordFormSchema : NO_PASSWORD,
    onSubmit: async ({ password }) => {
      try {
        const user = await activate({ ...props.link, ...(password ? { password } : {}) });
        setSessionUser(queryClient, user);
        toast.success(props.successMessage);
        await landSignedIn(user, navigate);
      } catch (error) {
        if (isApiError(error) && error.code === 'TOKEN_EXPIRED') return props.onExpired();
        throw error;
      }
    },
    onError: (error) => accountRefusal(t, error),
  });

  return (
    <form className="auth-form" {...form.formProps}>
      <FormMessage>{form.message}</FormMessage>
      {props.needsPassword ? (
        <NewPasswordFields
          password={form.field('password', t('auth.fields.password'))}
          confirmation={form.field('confirmPassword', t('auth.fields.confirmPassword'))}
        />
      ) : null}
      <button type="submit" className="button" disabled={form.pending}>
        {props.submitLabel}
      </button>
    </form>
  );
}
