import type { EditableCountry } from '@roam/contract/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '#web/lib/api-client';
import { useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import '#web/console/components/admin.css';
import { TableScroll } from '#web/console/components/table-scroll';
import { useDeletePlace, usePlaces } from './api/admin-locations';
import { CountryForm } from './country-form';

/** The admin's countries and locations: add, change, delete (refused while in use). */
export function AdminLocationsScreen() {
  const { t, i18n } = useTranslation();
  const { data } = usePlaces();
  const remove = useDeletePlace();
  const { dialog, ask } = useConfirm();
  // `?country=new` (the new-location page's way here when no country exists) opens the new country's form.
  const [search] = useSearchParams();
  const [editing, setEditing] = useState<EditableCountry | 'new' | null>(
    search.get('country') === 'new' ? 'new' : null,
  );
  if (!data) return <PageLoading />;
  const name = (entry: { names: Record<string, string> }) => entry.names[i18n.language] ?? entry.names.en ?? '';
  const onDelete = async (kind: 'location' | 'country', id: string, label: string) => {
    if (
      !(await ask({
        title: t('operatorAdmin.places.deleteQuestion', { name: label }),
        confirmLabel: t('operatorAdmin.places.delete'),
      }))
    )
      return;
    try {
      await remove.mutateAsync({ kind, id });
      toast.success(t('operatorAdmin.places.deleted'));
    } catch (cause) {
      toast.error(
        isApiError(cause) && cause.code === 'CONFLICT'
          ? t(`operatorAdmin.places.inUse.${kind}`)
          : t('operatorAdmin.error'),
      );
    }
  };
  return (
    <Page title={t('operatorAdmin.places.title')} description={t('operatorAdmin.places.description')}>
      {data.countries.length === 0 ? <p>{t('operatorAdmin.places.countryFirst')}</p> : null}
      <div className="admin-actions">
        {data.countries.length > 0 ? (
          <Link className="button" to="/operator/places/new">
            {t('operatorAdmin.places.newLocation')}
          </Link>
        ) : null}
        <button
          type="button"
          className={data.countries.length > 0 ? 'button button--secondary' : 'button'}
          onClick={() => setEditing('new')}
        >
          {t('operatorAdmin.places.newCountry')}
        </button>
        <Link className="button button--secondary" to="/operator/places/import">
          {t('operatorImport.places.link')}
        </Link>
      </div>
      {editing ? (
        <CountryForm
          key={editing === 'new' ? 'new' : editing._id}
          country={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {data.countries.map((country) => (
        <section key={country._id} className="admin-section" aria-labelledby={`country-${country._id}`}>
          <h2 id={`country-${country._id}`}>
            {name(country)} ({country.code})
          </h2>
          <div className="admin-actions">
            <button type="button" className="button button--secondary" onClick={() => setEditing(country)}>
              {t('operatorAdmin.places.editCountry', { name: name(country) })}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onDelete('country', country._id, name(country))}
            >
              {t('operatorAdmin.places.deleteNamed', { name: name(country) })}
            </button>
          </div>
          <TableScroll grouped label={name(country)}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('operatorAdmin.places.location')}</th>
                  <th scope="col">{t('operatorAdmin.places.timeZone')}</th>
                  <th scope="col">{t('operatorAdmin.places.cars')}</th>
                  <th scope="col">{t('operatorAdmin.places.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {data.locations
                  .filter((location) => location.countryId === country._id)
                  .sort((a, b) => name(a).localeCompare(name(b)))
                  .map((location) => (
                    <tr key={location._id}>
                      <td>
                        <Link to={`/operator/places/${location._id}`}>{name(location)}</Link>
                      </td>
                      <td>{location.timeZone}</td>
                      <td>{location.carCount}</td>
                      <td>
                        <button
                          type="button"
                          className="button button--secondary"
                          onClick={() => onDelete('location', location._id, name(location))}
                        >
                          {t('operatorAdmin.places.deleteNamed', { name: name(location) })}
                        </button>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}
      {dialog}
    </Page>
  );
}
