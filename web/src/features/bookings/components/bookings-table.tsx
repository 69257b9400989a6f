import type { BookingRow } from '@roam/contract/bookings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeTag, useLanguage } from '../../../i18n';
import { useMoney } from '../../../lib/use-money';

interface BookingsTableProps {
  rows: readonly BookingRow[];
  page: number;
  pageCount: number;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onCancel: (row: BookingRow) => void;
  onDelete: (ids: string[]) => void;
}

/** The bookings of a page (spec §2: car, supplier, driver, price, status, days, cost), each selectable, with its actions. */
export function BookingsTable({ rows, page, pageCount, selected, onSelect, onCancel, onDelete }: BookingsTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const dateFormat = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium' });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const toggleRow = (rowId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(rowId);
    else next.delete(rowId);
    onSelect(next);
  };
  return (
    <div className="bookings-table-wrap">
      <table className="bookings-table">
        <caption className="visually-hidden">{t('bookings.caption', { page, total: pageCount })}</caption>
        <thead>
          <tr>
            <th scope="col">
              <input
                type="checkbox"
                aria-label={t('bookings.selectAll')}
                checked={allSelected}
                onChange={(event) => onSelect(event.target.checked ? new Set(rows.map((r) => r._id)) : new Set())}
              />
            </th>
            <th scope="col">{t('bookings.column.car')}</th>
            <th scope="col">{t('bookings.column.supplier')}</th>
            <th scope="col">{t('bookings.column.driver')}</th>
            <th scope="col">{t('bookings.column.price')}</th>
            <th scope="col">{t('bookings.column.status')}</th>
            <th scope="col">{t('bookings.column.days')}</th>
            <th scope="col">{t('bookings.column.cost')}</th>
            <th scope="col">{t('bookings.column.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const cancellable = row.status !== 'cancelled' && !row.cancelRequest;
            return (
              <tr key={row._id}>
                <td data-label="">
                  <input
                    type="checkbox"
                    aria-label={t('bookings.selectRow', {
                      car: row.car.name,
                      date: dateFormat.format(new Date(row.pickupAt)),
                    })}
                    checked={selected.has(row._id)}
                    onChange={(event) => toggleRow(row._id, event.target.checked)}
                  />
                </td>
                <th scope="row" data-label={t('bookings.column.car')}>
                  <span className="bookings-table__car">{row.car.name}</span>
                  <span className="bookings-table__dates">
                    {dateFormat.formatRange(new Date(row.pickupAt), new Date(row.dropoffAt))}
                  </span>
                </th>
                <td data-label={t('bookings.column.supplier')}>{row.supplier.name}</td>
                <td data-label={t('bookings.column.driver')}>{row.driver.name}</td>
                <td data-label={t('bookings.column.price')} className="bookings-table__money">
                  {t('bookings.perDay', { price: money.format(Math.round(row.price / Math.max(1, row.days))) })}
                </td>
                <td data-label={t('bookings.column.status')}>
                  <span className={`status-badge status-badge--${row.status}`}>
                    {t(`bookings.status.${row.status}`)}
                  </span>
                  {row.cancelRequest && row.status !== 'cancelled' ? (
                    <span className="bookings-table__note">{t('bookings.cancelPending')}</span>
                  ) : null}
                </td>
                <td data-label={t('bookings.column.days')}>{row.days}</td>
                <td data-label={t('bookings.column.cost')} className="bookings-table__money">
                  {money.format(row.price)}
                </td>
                <td data-label={t('bookings.column.actions')}>
                  <div className="bookings-table__actions">
                    <Link to={`/booking?b=${row._id}`} aria-label={t('bookings.action.viewOf', { car: row.car.name })}>
                      {t('bookings.action.view')}
                    </Link>
                    <Link
                      to={`/booking?b=${row._id}&edit=1`}
                      aria-label={t('bookings.action.editOf', { car: row.car.name })}
                    >
                      {t('bookings.action.edit')}
                    </Link>
                    {cancellable ? (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('bookings.action.cancelOf', { car: row.car.name })}
                        onClick={() => onCancel(row)}
                      >
                        {t('bookings.action.cancel')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="link-button link-button--danger"
                      aria-label={t('bookings.action.deleteOf', { car: row.car.name })}
                      onClick={() => onDelete([row._id])}
                    >
                      {t('bookings.action.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
