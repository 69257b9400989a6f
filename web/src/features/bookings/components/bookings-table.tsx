import { type BookingAction, bookingActions } from '@roam/contract/booking-actions';
import type { BookingRow } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import type { User } from '@roam/contract/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localeTag, useLanguage } from '#web/i18n';
import { formatInZone } from '#web/i18n/formats';

interface BookingsTableProps {
  rows: readonly BookingRow[];
  /** Who is looking: what each row offers them is the contract's rule (booking-actions.ts), as the server's. */
  viewer: Pick<User, '_id' | 'type'>;
  page: number;
  pageCount: number;
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  onCancel: (row: BookingRow) => void;
  onDelete: (ids: string[]) => void;
  onRelease: (row: BookingRow) => void;
}

/**
 * The bookings of a page (spec §2: car, supplier, driver, price, status, days, cost), each selectable, with its
 * reference and amounts in the booking's own currency, and only the actions the server would
 * take (item 9) — an unpaid online booking while its hold lasts says so, with pay and release (item 5).
 */
export function BookingsTable(props: BookingsTableProps) {
  const { rows, viewer, page, pageCount, selected, onSelect, onCancel, onDelete, onRelease } = props;
  const { t } = useTranslation();
  const language = useLanguage();
  const dateFormat = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium' });
  const now = new Date();
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
            const actions = bookingActions(
              { ...row, driverId: row.driver._id, supplierId: row.supplier._id },
              {
                id: viewer._id,
                type: viewer.type,
              },
              now,
            );
            const can = (action: BookingAction) => actions.includes(action);
            const { amounts } = row;
            const money = (amount: number) => formatMinor(amount, amounts.currency, language);
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
                  <span className="bookings-table__reference">
                    <span className="visually-hidden">{t('bookings.summary.reference')} </span>
                    {row.reference}
                  </span>
                  <span className="bookings-table__dates">
                    {dateFormat.formatRange(new Date(row.pickupAt), new Date(row.dropoffAt))}
                  </span>
                  <span className="bookings-table__dates">{row.pickupLocation.name}</span>
                </th>
                <td data-label={t('bookings.column.supplier')}>{row.supplier.name}</td>
                <td data-label={t('bookings.column.driver')}>{row.driver.name}</td>
                <td data-label={t('bookings.column.price')} className="bookings-table__money">
                  {t('bookings.perDay', { price: money(Math.round(amounts.total / Math.max(1, row.days))) })}
                </td>
                <td data-label={t('bookings.column.status')}>
                  <span className={`status-badge status-badge--${row.status}`}>
                    {t(`bookings.status.${row.status}`)}
                  </span>
                  {row.status === 'void' && row.holdExpiresAt && can('pay') ? (
                    <span className="bookings-table__note">
                      {t('bookings.holdUntil', {
                        time: formatInZone(row.holdExpiresAt, row.pickupLocation.timeZone, language),
                      })}
                    </span>
                  ) : null}
                  {amounts.payNow > 0 && row.status !== 'void' && row.status !== 'cancelled' ? (
                    <span className="bookings-table__note">
                      {t('bookings.paidOnlineAmount', { amount: money(amounts.payNow) })}
                    </span>
                  ) : null}
                  {row.cancelRequest && row.status !== 'cancelled' ? (
                    <span className="bookings-table__note">{t('bookings.cancelPending')}</span>
                  ) : null}
                </td>
                <td data-label={t('bookings.column.days')}>{row.days}</td>
                <td data-label={t('bookings.column.cost')} className="bookings-table__money">
                  {money(amounts.total)}
                </td>
                <td data-label={t('bookings.column.actions')}>
                  <div className="bookings-table__actions">
                    {can('pay') ? (
                      <Link
                        className="button button--accent"
                        to={`/checkout?booking=${row._id}`}
                        aria-label={t('bookings.action.payOf', { car: row.car.name })}
                      >
                        {t('bookings.action.pay')}
                      </Link>
                    ) : null}
                    {can('release') ? (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('bookings.action.releaseOf', { car: row.car.name })}
                        onClick={() => onRelease(row)}
                      >
                        {t('bookings.action.release')}
                      </button>
                    ) : null}
                    {can('view') ? (
                      <Link
                        to={`/booking?b=${row._id}`}
                        aria-label={t('bookings.action.viewOf', { car: row.car.name })}
                      >
                        {t('bookings.action.view')}
                      </Link>
                    ) : null}
                    {can('edit') ? (
                      <Link
                        to={`/booking?b=${row._id}&edit=1`}
                        aria-label={t('bookings.action.editOf', { car: row.car.name })}
                      >
                        {t('bookings.action.edit')}
                      </Link>
                    ) : null}
                    {can('cancel') ? (
                      <button
                        type="button"
                        className="link-button"
                        aria-label={t('bookings.action.cancelOf', { car: row.car.name })}
                        onClick={() => onCancel(row)}
                      >
                        {t('bookings.action.cancel')}
                      </button>
                    ) : null}
                    {can('delete') ? (
                      <button
                        type="button"
                        className="link-button link-button--danger"
                        aria-label={t('bookings.action.deleteOf', { car: row.car.name })}
                        onClick={() => onDelete([row._id])}
                      >
                        {t('bookings.action.delete')}
                      </button>
                    ) : null}
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
