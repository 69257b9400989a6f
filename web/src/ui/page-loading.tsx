import { useTranslation } from 'react-i18next';
import './page-loading.css';

/** What a screen shows while its code loads (the route `HydrateFallback` and Suspense fallback). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status">
      <span className="page-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
