import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { Pager } from '#web/ui/pager';
import { useBookingHistory } from '#web/console/bookings/api/desk';
import { AuditTrail } from '#web/console/components/audit-trail';

const PAGE_SIZE = 20;

/** The booking's history (docs/architecture.md §5 "Readable history"): who changed what, when, newest first. */
export function HistorySection({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useBookingHistory(bookingId, page, PAGE_SIZE, useLanguage());
  return (
    <section className="op-section desk-view__section" aria-labelledby="desk-history">
      <h2 id="desk-history" className="op-section__title">
        {t('operatorBookings.history.title')}
      </h2>
      {history.isError ? (
        <p role="alert" className="form-message form-message--error">
          {t('operatorBookings.history.error')}
        </p>
      ) : !history.data ? (
        <p>{t('common.loading')}</p>
      ) : history.data.results.length === 0 ? (
        <p>{t('operatorBookings.history.empty')}</p>
      ) : (
        <AuditTrail history={history.data} label={t('operatorBookings.history.title')} />
      )}
      <Pager
        page={page}
        pageCount={Math.max(1, Math.ceil((history.data?.totalCount ?? 0) / PAGE_SIZE))}
        onPage={setPage}
      />
    </section>
  );
}
