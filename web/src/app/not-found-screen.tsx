import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { Page } from '../ui/page';
import { PageLoading } from '../ui/page-loading';

// Issue #23: the operator console opens from here. Every address the router does not know comes to this screen; one
// under /operator/ opens the console for a supplier or the admin, and is not found for anyone else, as any unknown
// address is. The console's routes live in its own chunk (features/operator/operator-console.tsx) rather than in
// app/router.tsx, which is in the entry chunk: so the console adds no byte to a customer route (ARCHITECTURE §7),
// and a driver or a visitor downloads none of it.
const OperatorConsole = lazy(() =>
  import('../console/app/console-layout').then((module) => ({ default: module.OperatorConsole })),
);

const isOperatorPath = (pathname: string) => /^\/operator(\/|$)/.test(pathname);

/** Any path without a screen, and screens switched off by the deployment (spec §2). */
export function NotFoundScreen() {
  const { pathname } = useLocation();
  const { user, isLoading } = useSession();
  if (isOperatorPath(pathname)) {
    if (isLoading) return <PageLoading />;
    if (user?.type === 'supplier' || user?.type === 'admin') {
      return (
        <Suspense fallback={<PageLoading />}>
          <OperatorConsole notFound={<NotFound />} />
        </Suspense>
      );
    }
  }
  return <NotFound />;
}

function NotFound() {
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
