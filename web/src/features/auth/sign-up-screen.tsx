import { AUTH_MESSAGES } from '@roam/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { recaptchaToken } from '#web/lib/recaptcha';
import { setSessionUser } from '#web/lib/session';
import { useSettings } from '#web/lib/settings';
import { useContractForm } from '#web/lib/use-contract-form';
import { CheckboxField, FormMessage, TextField } from '#web/ui/form-field';
import { NewPasswordFields } from '#web/ui/new-password-fields';
import { Page } from '#web/ui/page';
import { toast } from '#web/ui/toast';
import { signUp, validateEmail } from './api/sign-up';
import './components/auth.css';

/** Registration (spec §2, §5). */
export function SignUpScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useSettings();
  /** The address a guest checkout's account is completed through: its link was e-mailed there. */
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const form = useContractForm({
    initialValues: {
      fullName: '',
      email: '',
      phone: '',
      birthDate: '',
      password: '',
      confirmPassword: '',
      tosAccepted: false,
    },
    schema: () => import('@roam/contract/auth.schema').then((contract) => contract.SignUpFormSchema),
    onSubmit: async ({ confirmPassword: _, ...input }): Promise<void> => {
      let token: string | undefined;
      if (settings.recaptchaSiteKey) {
        try {
          token = await recaptchaToken(settings.recaptchaSiteKey, 'signup');
        } catch (error) {
          console.error(error);
          await form.setServerError('recaptchaToken', AUTH_MESSAGES.recaptchaError);
          return;
        }
      }
      const user = await signUp({ ...input, language, ...(token ? { recaptchaToken: token } : {}) });
      if ('pendingActivation' in user) {
        setLinkSentTo(input.email);
        return;
      }
      setSessionUser(queryClient, user);
      toast.success(t('auth.signUp.welcome'));
      await navigate('/');
    },
    onError: (error) =>
      isApiError(error) && error.code === 'RATE_LIMITED' ? t('auth.errors.rateLimited') : t('auth.errors.signUp'),
  });

  /** Spec §7 validate-email: leaving the field tells whether the address already has an account. */
  async function checkEmail() {
    const email = form.values.email.trim();
    if (!email || !(await form.validateField('email'))) return;
    try {
      await validateEmail(email, true);
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') await form.setServerError('email', error);
    }
  }

  return (
    <Page title={t('auth.signUp.title')} description={t('auth.signUp.description')}>
      <div className="auth-card">
        {linkSentTo && <p role="status">{t('auth.signUp.completeGuest', { email: linkSentTo })}</p>}
        <form className="auth-form" {...form.formProps} hidden={linkSentTo !== null}>
          <FormMessage>{form.message}</FormMessage>
          <TextField {...form.field('fullName', t('auth.fields.fullName'))} autoComplete="name" required />
          <TextField
            {...form.field('email', t('auth.fields.email'))}
            type="email"
            autoComplete="email"
            required
            onBlur={() => void checkEmail()}
          />
          <TextField {...form.field('phone', t('auth.fields.phone'))} type="tel" autoComplete="tel" required />
          <TextField
            {...form.field('birthDate', t('auth.fields.birthDate'))}
            type="date"
            autoComplete="bday"
            required
          />
          <NewPasswordFields
            password={form.field('password', t('auth.fields.password'))}
            confirmation={form.field('confirmPassword', t('auth.fields.confirmPassword'))}
          />
          <CheckboxField
            {...form.field('tosAccepted', t('auth.signUp.tos'))}
            aside={
              <Link to="/tos" target="_blank">
                {t('auth.signUp.tosLink')}
              </Link>
            }
          />
          <FormMessage>{form.errorOf('recaptchaToken')}</FormMessage>
          <button type="submit" className="button" disabled={form.pending}>
            {t('auth.signUp.submit')}
          </button>
        </form>
        <div className="auth-links">
          <span>
            {t('auth.signUp.haveAccount')} <Link to="/sign-in">{t('auth.signUp.signInLink')}</Link>
          </span>
        </div>
      </div>
    </Page>
  );
}
