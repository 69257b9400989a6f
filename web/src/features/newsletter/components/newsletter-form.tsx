import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './newsletter-form.css';

/** Newsletter sign-up in the footer (spec §2 "newsletter subscribe"). */
export function NewsletterForm() {
  const { t } = useTranslation();
  const titleId = useId();
  const emailId = useId();
  return (
    <form
      className="newsletter-form"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        // TODO(issue 6): post the address to the newsletter endpoint, then toast 'subscription successful'.
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
        />
        <button type="submit" className="button button--accent">
          {t('footer.newsletter.subscribe')}
        </button>
      </div>
    </form>
  );
}
