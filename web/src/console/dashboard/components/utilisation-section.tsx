import type { Dashboard } from '@roam/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { useFormats } from '#web/i18n/formats';
import { TableScroll } from '#web/console/components/table-scroll';
import { type ChartBar, UtilisationChart } from './utilisation-chart';

type Utilisation = Dashboard['period']['utilisation'];
type Row = { key: string; label: string; cars: number; bookedDays: number; availableDays: number };

const shareOf = (row: Row) => (row.availableDays > 0 ? row.bookedDays / row.availableDays : 0);

function UtilisationTable({ title, rows }: { title: string; rows: Row[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const days = (value: number) => formats.number(value, { maximumFractionDigits: 1 });
  return (
    <TableScroll grouped label={title}>
      <table className="dash-table">
        <caption className="dash-table__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('operatorDashboard.utilisation.name')}</th>
            <th scope="col" className="dash-table__number">
              {t('operatorDashboard.utilisation.cars')}
            </th>
            <th scope="col" className="dash-table__number">
              {t('operatorDashboard.utilisation.booked')}
            </th>
            <th scope="col" className="dash-table__number">
              {t('operatorDashboard.utilisation.available')}
            </th>
            <th scope="col" className="dash-table__number">
              {t('operatorDashboard.utilisation.share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="dash-table__number">{row.cars}</td>
              <td className="dash-table__number">{days(row.bookedDays)}</td>
              <td className="dash-table__number">{days(row.availableDays)}</td>
              <td className="dash-table__number">
                {formats.number(shareOf(row), { style: 'percent', maximumFractionDigits: 1 })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Utilisation over the period: booked car-days ÷ available car-days (the period's days for each car
 * of the fleet, less its blocked days), by supplier, range and place; the chart pictures the first table.
 */
export function UtilisationSection({ utilisation, bySupplier }: { utilisation: Utilisation; bySupplier: boolean }) {
  const { t } = useTranslation();
  const suppliers: Row[] = utilisation.bySupplier.map((row) => ({
    key: row.supplier._id,
    label: row.supplier.name,
    ...row,
  }));
  const ranges: Row[] = utilisation.byRange.map((row) => ({
    key: row.range,
    label: t(`cars.range.${row.range}`),
    ...row,
  }));
  const places: Row[] = utilisation.byPlace.map((row) => ({ key: row.location._id, label: row.location.name, ...row }));
  const charted = bySupplier ? suppliers : ranges;
  const bars: ChartBar[] = charted.map((row) => ({ key: row.key, label: row.label, share: shareOf(row) }));
  return (
    <section className="op-section" aria-labelledby="dash-utilisation">
      <h2 id="dash-utilisation" className="op-section__title">
        {t('operatorDashboard.utilisation.title')}
      </h2>
      <p className="dash__hint">{t('operatorDashboard.utilisation.hint')}</p>
      {bars.length > 0 ? <UtilisationChart bars={bars} /> : null}
      {bySupplier ? <UtilisationTable title={t('operatorDashboard.utilisation.bySupplier')} rows={suppliers} /> : null}
      <UtilisationTable title={t('operatorDashboard.utilisation.byRange')} rows={ranges} />
      <UtilisationTable title={t('operatorDashboard.utilisation.byPlace')} rows={places} />
    </section>
  );
}
