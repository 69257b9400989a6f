import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { isApiError } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { subscribeToNewsletter } from '../api/newsletter';
import './newsletter-form.css';

/** Newsletter sign-up in the footer (spec §2 "newsletter subscribe"); double opt-in through an e-mailed link. */
export function NewsletterForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const titleId = useId();
  const emailId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // Plain state rather than useMutation: this form is in the entry chunk, which cannot afford the mutation observer.
  const [pending, setPending] = useState(false);

  return (
    <form
      className="newsletter-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = form.elements.namedItem('email') as HTMLInputElement;
        // The browser's own e-mail check; the server applies the contract schema.
        if (!input.value.trim() || !input.checkValidity()) {
          setError(t('footer.newsletter.invalidEmail'));
          input.focus();
          return;
        }
        setError(null);
        setPending(true);
        subscribeToNewsletter({ email: input.value.trim(), language })
          .then(() => {
            toast.success(t('footer.newsletter.success'));
            setSent(true);
            form.reset();
          })
          .catch((failure: unknown) => {
            if (isApiError(failure) && failure.code === 'VALIDATION_FAILED') {
              setError(t('footer.newsletter.invalidEmail'));
            } else if (isApiError(failure) && failure.code === 'RATE_LIMITED') {
              toast.error(t('footer.newsletter.rateLimited'));
            } else {
              toast.error(t('footer.newsletter.error'));
            }
          })
          .finally(() => setPending(false));
      }}
    >
      <h2 id={titleId} className="newsletter-form__title">
        {t('footer.newsletter.title')}
      </h2>
      <p className="newsletter-form__description">{t('footer.newsletter.description')}</p>
      <label htmlFor={emailId} className="newsletter-form__label">
        {t('footer.newsletter.email')}
      </label>
      <div className="newsletter-form__row">
        <input
          id={emailId}
          className="text-field newsletter-form__input"
          type="email"
          name="email"
          autoComplete="email"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={() => setSent(false)}
        />
        <button type="submit" className="button button--accent" disabled={pending}>
          {t('footer.newsletter.subscribe')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="newsletter-form__error">
          {error}
        </p>
      ) : null}
      <p className="newsletter-form__status" role="status">
        {sent ? t('footer.newsletter.checkInbox') : ''}
      </p>
    </form>
  );
}
