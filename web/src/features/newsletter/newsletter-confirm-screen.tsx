import { useTranslation } from 'react-i18next';
import { confirmNewsletter } from './api/newsletter';
import { NewsletterTokenScreen } from './components/newsletter-token-screen';

/** `/newsletter/confirm?t=…`: the double opt-in link of the confirmation e-mail. */
export function NewsletterConfirmScreen() {
  const { t } = useTranslation();
  return (
    <NewsletterTokenScreen
      title={t('newsletter.confirm.title')}
      description={t('newsletter.confirm.description')}
      action={confirmNewsletter}
      pending={t('newsletter.confirm.pending')}
      done={t('newsletter.confirm.done')}
    />
  );
}
