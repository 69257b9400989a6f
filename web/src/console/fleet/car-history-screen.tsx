import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { Pager } from '#web/ui/pager';
import { AuditTrail } from '#web/console/components/audit-trail';
import { useCarAudit } from './api/car-audit';
import { CarFrame } from './components/car-frame';
import './fleet.css';

const PAGE_SIZE = 20;

function History({ carId }: { carId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useCarAudit(carId, page, PAGE_SIZE, useLanguage());
  const total = audit.data?.totalCount ?? 0;
  if (audit.isError)
    return (
      <p role="alert" className="form-message form-message--error">
        {t('operatorCars.history.error')}
      </p>
    );
  if (!audit.data) return <p>{t('common.loading')}</p>;
  return (
    <section className="op-section" aria-label={t('operatorCars.tabs.history')}>
      <p className="op-section__hint">{t('operatorCars.history.hint')}</p>
      {audit.data.results.length === 0 ? (
        <p>{t('operatorCars.history.empty')}</p>
      ) : (
        <AuditTrail history={audit.data} label={t('operatorCars.tabs.history')} />
      )}
      <Pager page={page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={setPage} />
    </section>
  );
}

/**
 * The car's history: who changed what on it — the car, its image, its blocked periods, its bookings —
 * when, each field before and after as the editor shows it (components/audit-trail.tsx).
 */
export function CarHistoryScreen() {
  const params = useParams();
  const { t } = useTranslation();
  const carId = params.carId ?? '';
  return (
    <CarFrame carId={carId} section={t('operatorCars.tabs.history')}>
      {() => <History carId={carId} />}
    </CarFrame>
  );
}
