import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { isApiError } from '#web/lib/api-client';
import { useContractForm } from '#web/lib/use-contract-form';
import { TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { subscribeToNewsletter } from '../api/newsletter';
import './newsletter-form.css';

/** Newsletter sign-up in the footer (spec §2 "newsletter subscribe"); double opt-in through an e-mailed link. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const [sent, setSent] = useState(false);
  const form = useContractForm({
    initialValues: { email: '' },
    schema: () => import('@roam/contract/contact.schema').then((contract) => contract.NewsletterFormSchema),
    onSubmit: async ({ email }) => {
      await subscribeToNewsletter({ email, language });
      toast.success(t('footer.newsletter.success'));
      setSent(true);
      form.reset();
    },
    onError: (error) => {
      toast.error(
        isApiError(error) && error.code === 'RATE_LIMITED'
          ? t('footer.newsletter.rateLimited')
          : t('footer.newsletter.error'),
      );
      return null;
    },
  });
  const email = form.field('email', t('footer.newsletter.email'));

  // One field: its own message says what is wrong; the form-level summary would only repeat it.
  return (
    <form className="newsletter-form" aria-labelledby={titleId} {...form.formProps}>
      <h2 id={titleId} className="newsletter-form__title">
        {t('footer.newsletter.title')}
      </h2>
      <p className="newsletter-form__description">{t('footer.newsletter.description')}</p>
      <TextField
        {...email}
        onChange={(value) => {
          setSent(false);
          email.onChange(value);
        }}
        type="email"
        autoComplete="email"
        required
        inputClassName="newsletter-form__input"
        aside={
          <button type="submit" className="button button--accent" disabled={form.pending}>
            {t('footer.newsletter.subscribe')}
          </button>
        }
      />
      <p className="newsletter-form__status" role="status">
        {sent ? t('footer.newsletter.checkInbox') : ''}
      </p>
    </form>
  );
}
