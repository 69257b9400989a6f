import type { AuditHistory, AuditHistoryEntry } from '@roam/contract/audit';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { readableChanges } from '#web/console/lib/audit-values';
import { fieldLabel } from '#web/console/lib/field-labels';
import './audit-trail.css';

/** The person who made the change, their role then and the business they acted for (the platform: none). */
function Actor({ actor }: { actor: NonNullable<AuditHistoryEntry['actor']> }) {
  const { t } = useTranslation();
  const as = [actor.role ? t(`operator.roles.${actor.role}`) : null, actor.business?.name].filter(Boolean);
  return (
    <>
      {actor.fullName}
      {as.length > 0 ? ` (${as.join(', ')})` : null}
    </>
  );
}

function Entry({ entry, history }: { entry: AuditHistoryEntry; history: AuditHistory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formats = useFormats();
  const changes = readableChanges(t, language, entry, history);
  // When, at the clock of the record's place (the booking's pick-up, the car's place), with its zone.
  const zone = entry.clocks.pickup ?? entry.clocks.car ?? undefined;
  return (
    <li className="op-audit__entry">
      <p className="op-audit__head">
        <strong>{t(`operatorCars.history.action.${entry.action}`, { defaultValue: entry.action })}</strong> ·{' '}
        {t(`operatorCars.history.entity.${entry.entity}`)} ·{' '}
        {entry.actor ? <Actor actor={entry.actor} /> : t('operatorCars.history.deletedAccount')} ·{' '}
        <time dateTime={entry.at}>
          {formats.date(new Date(entry.at), {
            dateStyle: 'medium',
            timeStyle: 'short',
            ...(zone ? { timeZone: zone } : {}),
          })}
          {zone ? ` (${zone})` : ''}
        </time>
      </p>
      {changes.length > 0 ? (
        <div className="op-audit__scroll">
          <table className="op-audit__changes">
            <thead>
              <tr>
                <th scope="col">{t('operatorCars.history.field')}</th>
                <th scope="col">{t('operatorCars.history.before')}</th>
                <th scope="col">{t('operatorCars.history.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{fieldLabel(t, change.field)}</th>
                  <td>{change.before}</td>
                  <td>{change.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}

/**
 * A history (a car's, a booking's), newest first, readable as the editors are (docs/architecture.md §5 "Readable
 * history"): who, when, and each changed field by its label, its values before and after as the editor shows them.
 */
export function AuditTrail({ history, label }: { history: AuditHistory; label: string }) {
  return (
    <ol className="op-audit" aria-label={label}>
      {history.results.map((entry) => (
        <Entry key={entry._id} entry={entry} history={history} />
      ))}
    </ol>
  );
}
