import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '#web/ui/page';

/** Any path without a screen, and screens switched off by the deployment (spec §2). */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')} description={t('notFound.description')}>
      <p>
        <Link to="/" className="button">
          {t('notFound.home')}
        </Link>
      </p>
    </Page>
  );
}
