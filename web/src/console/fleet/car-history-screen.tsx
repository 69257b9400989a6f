import type { AuditEntry } from '@roam/contract/audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { Pager } from '#web/ui/pager';
import { fieldLabel } from '#web/console/lib/field-labels';
import { useCarAudit } from './api/car-audit';
import { CarFrame } from './components/car-frame';
import './fleet.css';

const PAGE_SIZE = 20;

/** A stored value as the trail shows it: money and ids as stored, lists joined, nothing as a dash. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(shown).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The person who made the change, their role then and the business they acted for (the platform: none). */
function Actor({ actor }: { actor: NonNullable<AuditEntry['actor']> }) {
  const { t } = useTranslation();
  const as = [actor.role ? t(`operator.roles.${actor.role}`) : null, actor.business?.name].filter(Boolean);
  return (
    <>
      {actor.fullName}
      {as.length > 0 ? ` (${as.join(', ')})` : null}
    </>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const changes = Object.entries(entry.changes);
  return (
    <li className="op-audit__entry">
      <p className="op-audit__head">
        <strong>{t(`operatorCars.history.action.${entry.action}`)}</strong> ·{' '}
        {t(`operatorCars.history.entity.${entry.entity}`)} ·{' '}
        {entry.actor ? <Actor actor={entry.actor} /> : t('operatorCars.history.deletedAccount')} ·{' '}
        <time dateTime={entry.at}>{formats.date(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
      </p>
      {changes.length > 0 ? (
        <table className="op-audit__changes">
          <thead>
            <tr>
              <th scope="col">{t('operatorCars.history.field')}</th>
              <th scope="col">{t('operatorCars.history.before')}</th>
              <th scope="col">{t('operatorCars.history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map(([field, change]) => (
              <tr key={field}>
                <th scope="row">{fieldLabel(t, field)}</th>
                <td>{shown(change.before)}</td>
                <td>{shown(change.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

function History({ carId }: { carId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useCarAudit(carId, page, PAGE_SIZE);
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
        <ol className="op-audit">
          {audit.data.results.map((entry) => (
            <Entry key={entry._id} entry={entry} />
          ))}
        </ol>
      )}
      <Pager page={page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={setPage} />
    </section>
  );
}

/** The car's audit trail (issue #23): who changed what on it, when, each field before and after. */
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
