import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { Page } from '#web/ui/page';

/** A booking the counter cannot show: not found (or another fleet's, which the server answers the same), or an error. */
export function ScreenError({ error, title }: { error: unknown; title: string }) {
  const { t } = useTranslation();
  const missing = isApiError(error) && (error.status === 404 || error.status === 400);
  return (
    <Page title={title}>
      <p role="alert" className="form-message form-message--error">
        {missing ? t('operatorCounter.errors.notFound') : t('operatorCounter.errors.load')}
      </p>
      <Link className="button" to="/operator/dashboard">
        {t('operatorCounter.backToDashboard')}
      </Link>
    </Page>
  );
}
