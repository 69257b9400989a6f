import { useTranslation } from 'react-i18next';
import { unsubscribeFromNewsletter } from './api/newsletter';
import { NewsletterTokenScreen } from './components/newsletter-token-screen';

/** `/newsletter/unsubscribe?t=…`: one click on a button removes the address (no accidental unsubscribe by a scanner). */
export function NewsletterUnsubscribeScreen() {
  const { t } = useTranslation();
  return (
    <NewsletterTokenScreen
      title={t('newsletter.unsubscribe.title')}
      description={t('newsletter.unsubscribe.description')}
      action={unsubscribeFromNewsletter}
      buttonLabel={t('newsletter.unsubscribe.button')}
      pending={t('common.loading')}
      done={t('newsletter.unsubscribe.done')}
    />
  );
}
