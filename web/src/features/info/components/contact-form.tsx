import { ContactMessageSchema } from '@roam/contract/contact';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import { loadRecaptcha, recaptchaToken } from './recaptcha';
import './contact-form.css';

const FIELDS = ['fullName', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** The contact form (spec §2 contact, §7 send-email): validated here with the contract schema and again by the server. */
export function ContactForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContactMessage();

  useEffect(() => {
    if (recaptchaSiteKey) loadRecaptcha(recaptchaSiteKey);
  }, [recaptchaSiteKey]);

  const label = (field: Field) => t(`info.contact.form.${field}`);
  /** The translated spec §5 message for a field: empty → 'Please fill in the field: …', bad address → 'Invalid email address'. */
  const messageFor = (field: Field, value: string) =>
    field === 'email' && value.trim() !== ''
      ? t('info.contact.errors.invalidEmail')
      : t('info.contact.errors.required', { field: label(field) });

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(data.get(field) ?? '')])) as Record<
      Field,
      string
    >;
    const parsed = ContactMessageSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= messageFor(field, values[field]);
      }
      showErrors(next);
      return;
    }
    setErrors({});
    let recaptcha: string | undefined;
    if (recaptchaSiteKey) {
      try {
        recaptcha = await recaptchaToken(recaptchaSiteKey, 'contact');
      } catch {
        toast.error(t('info.contact.errors.recaptchaNotLoaded'));
        return;
      }
    }
    send.mutate(
      { ...parsed.data, ...(recaptcha ? { recaptchaToken: recaptcha } : {}) },
      {
        onSuccess: () => {
          toast.success(t('info.contact.sent'));
          form.reset();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
            const next: FieldErrors = {};
            for (const field of FIELDS) if (error.fieldErrors[field]) next[field] = messageFor(field, values[field]);
            showErrors(next);
            toast.error(t('info.contact.errors.fixErrors'));
          } else if (isApiError(error) && error.code === 'RECAPTCHA_FAILED') {
            toast.error(t('info.contact.errors.recaptcha'));
          } else if (isApiError(error) && error.code === 'RATE_LIMITED') {
            toast.error(t('info.contact.errors.rateLimited'));
          } else {
            toast.error(t('info.contact.errors.send'));
          }
        },
      },
    );
  }

  const field = (name: Field, input: (props: FieldProps) => ReactNode) => {
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const error = errors[name];
    return (
      <div className="contact-form__field">
        <label htmlFor={inputId}>{label(name)}</label>
        {input({
          id: inputId,
          name,
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
        })}
        {error ? (
          <p id={errorId} className="contact-form__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit}>
      <p className="contact-form__hint">{t('info.contact.form.requiredHint')}</p>
      {field('fullName', (props) => (
        <input {...props} className="text-field" type="text" autoComplete="name" maxLength={200} />
      ))}
      {field('email', (props) => (
        <input {...props} className="text-field" type="email" autoComplete="email" maxLength={320} />
      ))}
      {field('subject', (props) => (
        <input {...props} className="text-field" type="text" maxLength={200} />
      ))}
      {field('message', (props) => (
        <textarea {...props} className="text-field" rows={7} maxLength={5000} />
      ))}
      <button type="submit" className="button" disabled={send.isPending}>
        {send.isPending ? t('info.contact.form.sending') : t('info.contact.form.send')}
      </button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: Field;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
