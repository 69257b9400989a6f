import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import { useCancellationRequests } from './api/cancellation-requests';
import { RequestCard } from './components/request-card';
import './cancellations.css';
import { SupplierParam } from '#web/console/components/supplier-select';

const PAGE_SIZE = 10;

/**
 * The cancellation requests queue: the open requests on a supplier's bookings (the admin's: every
 * supplier's, or one chosen with `?supplier=`), each approved or declined here; a decided one leaves the queue.
 */
export function CancellationRequestsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = useSession();
  const admin = user?.type === 'admin';
  const [params, setParams] = useSearchParams();
  const supplierId = admin ? params.get('supplier') || undefined : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useCancellationRequests({ supplierId, language }, page, PAGE_SIZE);
  const requests = list.data?.results ?? [];
  const total = list.data?.totalCount ?? 0;
  const toPage = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('page', String(next));
    setParams(search);
  };

  return (
    <Page title={t('operatorRequests.title')} description={t('operatorRequests.description')}>
      {admin ? (
        <SupplierParam label={t('operatorProfile.supplier')} empty={t('operatorRequests.allSuppliers')} />
      ) : null}
      <p className="op-request__muted" aria-live="polite">
        {list.isPending ? t('common.loading') : t('operatorRequests.count', { count: total })}
      </p>
      {list.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorRequests.loadError')}
        </p>
      ) : null}
      {requests.length > 0 ? (
        <ul className="op-requests" aria-label={t('operatorRequests.title')}>
          {requests.map((request) => (
            <RequestCard key={request._id} request={request} showSupplier={admin} />
          ))}
        </ul>
      ) : list.isSuccess ? (
        <p>{t('operatorRequests.empty')}</p>
      ) : null}
      <Pager page={page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={toPage} />
    </Page>
  );
}
