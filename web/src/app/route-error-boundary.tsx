import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';

const NotFoundScreen = lazy(() => import('./not-found-screen').then((module) => ({ default: module.NotFoundScreen })));

/**
 * Shown in place of a screen that failed (docs/house-style.md "an error boundary per route with a handler
 * per status"): 404 is the not-found screen; anything else, including a screen's code that failed
 * to download, offers a retry.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);

  if (notFound) {
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundScreen />
      </Suspense>
    );
  }
  return (
    <Page title={t('common.routeError.title')} description={t('common.routeError.description')}>
      <p className="page__actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.routeError.retry')}
        </button>
        <Link to="/" className="button button--secondary">
          {t('common.routeError.home')}
        </Link>
      </p>
    </Page>
  );
}
