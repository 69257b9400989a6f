import type { SignIn } from '@roam/contract/auth';
import type { User } from '@roam/contract/users';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { useSignIn } from '../api/sign-in';
import { accountRefusal } from './refusal';

type CodeStepProps = {
  /** The e-mail and password the server accepted before asking the code. */
  credentials: SignIn;
  onSignedIn: (user: User) => unknown;
  onCancel: () => void;
};

/**
 * The second step of a sign-in (docs/decisions/0010-members-of-a-business.md): the six-digit code of the person's
 * authenticator app or one of their recovery codes, sent again with the e-mail and password. Loaded only when the
 * server asked for it, so that the sign-in of everyone else carries none of it.
 */
export default function CodeStep({ credentials, onSignedIn, onCancel }: CodeStepProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useContractForm({
    initialValues: { code: '', rememberBrowser: false },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.SignInSchema),
    input: (values) => ({ ...credentials, ...values }),
    onSubmit: async (signInWithCode) => onSignedIn(await signIn.mutateAsync(signInWithCode)),
    onError: (error) => {
      if (!isApiError(error)) return accountRefusal(t, error);
      if (error.code === 'INCORRECT_CODE') return t('auth.twoStep.incorrect');
      if (error.code === 'RATE_LIMITED') return t('auth.twoStep.rateLimited');
      return accountRefusal(t, error);
    },
  });
  const formRef = form.formProps.ref;
  // Focused as the step appears: the person came to type this code, and the form they were in is gone.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);
  return (
    <form className="auth-form" aria-labelledby="code-step-title" {...form.formProps}>
      <h2 id="code-step-title">{t('auth.twoStep.title')}</h2>
      <p>{t('auth.twoStep.prompt')}</p>
      <FormMessage>{form.message}</FormMessage>
      <TextField
        {...form.field('code', t('auth.twoStep.code'))}
        description={t('auth.twoStep.codeHint')}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
      />
      <CheckboxField {...form.field('rememberBrowser', t('auth.twoStep.rememberBrowser'))} />
      <button type="submit" className="button" disabled={form.pending}>
        {t('auth.twoStep.submit')}
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('auth.twoStep.back')}
      </button>
    </form>
  );
}
