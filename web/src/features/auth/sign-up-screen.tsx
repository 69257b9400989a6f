import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '../../i18n/index';
import { isApiError } from '../../lib/api-client';
import { setSessionUser } from '../../lib/session';
import { settingsQueryOptions } from '../../lib/settings';
import { Page } from '../../ui/page';
import { toast } from '../../ui/toast';
import { signUp, validateEmail } from './api/sign-up';
import { Checkbox, Field, FormMessage } from './components/field';
import { type FieldErrors, isRateLimited, translateFieldErrors } from './components/messages';
import { NewPasswordFields } from './components/new-password-fields';
import { recaptchaToken } from './components/recaptcha';
import { isValidEmail, requiredMessage, type SignUpValues, signUpErrors } from './components/validation';
import './components/auth.css';

const REQUIRED = ['fullName', 'email', 'phone', 'birthDate', 'password', 'confirmPassword'] as const;

/** Registration (spec §2, §5). */
export function SignUpScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: settings } = useQuery(settingsQueryOptions);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function checkEmail(email: string) {
    if (!email.trim()) return;
    if (!isValidEmail(email)) {
      setErrors((e) => ({ ...e, email: t('auth.validation.invalidEmail') }));
      return;
    }
    try {
      await validateEmail(email.trim());
      setErrors(({ email: _, ...rest }) => rest);
    } catch (error) {
      if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
        setErrors((e) => ({ ...e, email: t('auth.validation.emailTaken') }));
      }
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const values: SignUpValues = {
      fullName: text('fullName'),
      email: text('email'),
      phone: text('phone'),
      birthDate: text('birthDate'),
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
      tosAccepted: form.get('tosAccepted') === 'on',
    };
    const missing = REQUIRED.filter((name) => !values[name]).map((name) => t(`auth.fields.${name}`));
    const found = signUpErrors(t, values);
    if (errors.email === t('auth.validation.emailTaken')) found.email = errors.email;
    setErrors(found);
    const required = requiredMessage(t, missing);
    if (required || Object.keys(found).length > 0) {
      setMessage(required ?? t('auth.validation.fixErrors'));
      return;
    }
    setMessage(null);
    setPending(true);
    try {
      let token: string | undefined;
      if (settings?.recaptchaSiteKey) {
        try {
          token = await recaptchaToken(settings.recaptchaSiteKey, 'signup');
        } catch (error) {
          console.error(error);
          setMessage(t('auth.validation.recaptchaError'));
          return;
        }
      }
      const { confirmPassword: _, ...input } = values;
      const user = await signUp({
        ...input,
        tosAccepted: true,
        language,
        ...(token ? { recaptchaToken: token } : {}),
      });
      setSessionUser(queryClient, user);
      toast.success(t('auth.signUp.welcome'));
      await navigate('/');
    } catch (error) {
      const fields = translateFieldErrors(t, error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        setMessage(t('auth.validation.fixErrors'));
      } else {
        setMessage(isRateLimited(error) ? t('auth.errors.rateLimited') : t('auth.errors.signUp'));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Page title={t('auth.signUp.title')} description={t('auth.signUp.description')}>
      <div className="auth-card">
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <FormMessage>{message}</FormMessage>
          <Field
            label={t('auth.fields.fullName')}
            name="fullName"
            autoComplete="name"
            required
            error={errors.fullName}
          />
          <Field
            label={t('auth.fields.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={errors.email}
            onBlur={(event) => checkEmail(event.currentTarget.value)}
          />
          <Field
            label={t('auth.fields.phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            error={errors.phone}
          />
          <Field
            label={t('auth.fields.birthDate')}
            name="birthDate"
            type="date"
            autoComplete="bday"
            required
            error={errors.birthDate}
          />
          <NewPasswordFields errors={errors} />
          <Checkbox label={t('auth.signUp.tos')} name="tosAccepted" error={errors.tosAccepted} />
          <Link to="/tos" target="_blank">
            {t('auth.signUp.tosLink')}
          </Link>
          {errors.recaptchaToken ? <FormMessage>{errors.recaptchaToken}</FormMessage> : null}
          <button type="submit" className="button" disabled={pending}>
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
