import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { loadRecaptcha, recaptchaToken } from '#web/lib/recaptcha';
import { useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextAreaField, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { sendContactMessage } from '../api/send-contact-message';
import './contact-form.css';

const EMPTY = { fullName: '', email: '', subject: '', message: '' };

/** The contact form (spec §2 contact, §7 send-email): validated here with the contract schema and again by the server. */
export function ContactForm({ recaptchaSiteKey }: { recaptchaSiteKey: string | null }) {
  const { t } = useTranslation();
  const form = useContractForm({
    initialValues: EMPTY,
    schema: () => import('@roam/contract/contact.schema').then((contract) => contract.ContactMessageSchema),
    onSubmit: async (message) => {
      let token: string | undefined;
      if (recaptchaSiteKey) {
        try {
          token = await recaptchaToken(recaptchaSiteKey, 'contact');
        } catch {
          toast.error(t('info.contact.errors.recaptchaNotLoaded'));
          return;
        }
      }
      await sendContactMessage({ ...message, ...(token ? { recaptchaToken: token } : {}) });
      toast.success(t('info.contact.sent'));
      form.reset(EMPTY);
    },
    onError: (error) => {
      const code = isApiError(error) ? error.code : null;
      if (code === 'RECAPTCHA_FAILED') toast.error(t('info.contact.errors.recaptcha'));
      else if (code === 'RATE_LIMITED') toast.error(t('info.contact.errors.rateLimited'));
      else toast.error(t('info.contact.errors.send'));
      return null;
    },
  });

  useEffect(() => {
    if (recaptchaSiteKey) loadRecaptcha(recaptchaSiteKey).catch(() => {});
  }, [recaptchaSiteKey]);

  const label = (name: keyof typeof EMPTY) => t(`info.contact.form.${name}`);
  return (
    <form className="contact-form" {...form.formProps}>
      <p className="contact-form__hint">{t('info.contact.form.requiredHint')}</p>
      <FormMessage>{form.message}</FormMessage>
      <TextField {...form.field('fullName', label('fullName'))} autoComplete="name" maxLength={200} required />
      <TextField {...form.field('email', label('email'))} type="email" autoComplete="email" maxLength={320} required />
      <TextField {...form.field('subject', label('subject'))} maxLength={200} required />
      <TextAreaField {...form.field('message', label('message'))} rows={7} maxLength={5000} required />
      <button type="submit" className="button" disabled={form.pending}>
        {form.pending ? t('info.contact.form.sending') : t('info.contact.form.send')}
      </button>
    </form>
  );
}
