import { AUDIT_ENTITIES, type AuditEntry } from '@roam/contract/audit';
import type { ActivityQuery } from '@roam/contract/team';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import '#web/console/components/admin.css';
import { TableScroll } from '#web/console/components/table-scroll';
import { fieldLabel } from '#web/console/lib/field-labels';
import { activityQueryOptions, useTeam } from './api/team';

const PAGE_SIZE = 25;

/**
 * The activity (docs/decisions/0010-members-of-a-business.md): the audit trail by person, kind of record and period,
 * newest first, paged — an owner's business, the admin's whole platform. The people to filter by are the team's.
 */
export function ActivityScreen() {
  const { t } = useTranslation();
  const team = useTeam();
  const [query, setQuery] = useState<ActivityQuery>({});
  const [page, setPage] = useState(1);
  const activity = useQuery(activityQueryOptions(query, page, PAGE_SIZE));
  const set = (patch: Partial<ActivityQuery>) => {
    const next = { ...query, ...patch };
    for (const key of Object.keys(next) as (keyof ActivityQuery)[]) if (!next[key]) delete next[key];
    setQuery(next);
    setPage(1);
  };
  const pageCount = Math.max(1, Math.ceil((activity.data?.totalCount ?? 0) / PAGE_SIZE));
  return (
    <Page title={t('operatorTeam.activity.title')} description={t('operatorTeam.activity.description')}>
      <search className="admin-filters">
        <SelectField
          label={t('operatorTeam.activity.person')}
          name="actorId"
          value={query.actorId ?? ''}
          onChange={(actorId) => set({ actorId })}
        >
          <option value="">{t('operatorTeam.activity.anyone')}</option>
          {team.data?.members.map((member) => (
            <option key={member._id} value={member._id}>
              {member.fullName}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('operatorTeam.activity.entity')}
          name="entity"
          value={query.entity ?? ''}
          onChange={(entity) => set({ entity: (entity || undefined) as ActivityQuery['entity'] })}
        >
          <option value="">{t('operatorTeam.activity.anything')}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t(`operatorCars.history.entity.${entity}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('operatorTeam.activity.from')}
          name="from"
          type="date"
          value={query.from ?? ''}
          onChange={(from) => set({ from })}
        />
        <TextField
          label={t('operatorTeam.activity.to')}
          name="to"
          type="date"
          value={query.to ?? ''}
          onChange={(to) => set({ to })}
        />
      </search>
      {activity.isError ? <p role="alert">{t('operatorTeam.activity.error')}</p> : null}
      {activity.data ? (
        <>
          <p aria-live="polite">{t('operatorTeam.activity.count', { count: activity.data.totalCount })}</p>
          {activity.data.results.length === 0 ? (
            <p>{t('operatorTeam.activity.empty')}</p>
          ) : (
            <Entries entries={activity.data.results} />
          )}
          <Pager page={page} pageCount={pageCount} onPage={setPage} />
        </>
      ) : null}
    </Page>
  );
}

function Entries({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <TableScroll label={t('operatorTeam.activity.title')}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('operatorTeam.activity.when')}</th>
            <th scope="col">{t('operatorTeam.activity.who')}</th>
            <th scope="col">{t('operatorTeam.activity.what')}</th>
            <th scope="col">{t('operatorTeam.activity.record')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const fields = Object.keys(entry.changes).map((field) => fieldLabel(t, field));
            const as = entry.actor
              ? [entry.actor.role ? t(`operator.roles.${entry.actor.role}`) : null, entry.actor.business?.name]
              : [];
            return (
              <tr key={entry._id}>
                <td>
                  <time dateTime={entry.at}>
                    {formats.date(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </td>
                <th scope="row">
                  {entry.actor ? entry.actor.fullName : t('operatorCars.history.deletedAccount')}
                  {as.some(Boolean) ? (
                    <>
                      <br />
                      <small>{as.filter(Boolean).join(', ')}</small>
                    </>
                  ) : null}
                </th>
                <td>
                  {t(`operatorCars.history.action.${entry.action}`)}
                  {fields.length > 0 ? (
                    <>
                      <br />
                      <small>{t('operatorTeam.activity.changed', { fields: fields.join(', ') })}</small>
                    </>
                  ) : null}
                </td>
                <td>{t(`operatorCars.history.entity.${entry.entity}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
