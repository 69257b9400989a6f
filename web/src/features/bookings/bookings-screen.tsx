import type { BookingRow } from '@roam/contract/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/enums';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { localeTag, useLanguage } from '../../i18n';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { Pager } from '../../ui/pager';
import { toast } from '../../ui/toast';
import { useBookings, useCancelBooking, useDeleteBookings, useUpdateBookingStatus } from './api/bookings';
import './bookings.css';

const STATUSES = BOOKING_STATUSES;
const NARROW = '(max-width: 640px)';

/** 20 rows per page, 10 on a narrow screen (spec §9). */
function usePageSize(): number {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow ? 10 : 20;
}

/** A local calendar day as the instant it starts (the filter is on pick-up). */
function dayStart(date: string, plusDays = 0): string | undefined {
  if (!date) return undefined;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, (d ?? 1) + plusDays).toISOString();
}

/** The bookings list (spec §2): filters, a table with per-row actions, selection actions. */
export function BookingsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?redirect=%2Fbookings" replace />;
  return (
    <Page title={t('bookings.list.title')} description={t('bookings.list.description')}>
      <BookingsList operator={user.type !== 'user'} />
    </Page>
  );
}

function BookingsList({ operator }: { operator: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const id = useId();
  const size = usePageSize();
  const [statuses, setStatuses] = useState<BookingStatus[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [newStatus, setNewStatus] = useState<BookingStatus | ''>('');

  const query = useMemo(
    () => ({ statuses, from: dayStart(from), to: dayStart(to, 1), language }),
    [statuses, from, to, language],
  );
  const list = useBookings(query, page, size, true);
  const cancel = useCancelBooking(language);
  const remove = useDeleteBookings();
  const bulkStatus = useUpdateBookingStatus();

  const rows = list.data?.results ?? [];
  const total = list.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const dateFormat = new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium' });

  // A filter change starts again from the first page, with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [statuses, from, to, size]);

  const toggleStatus = (status: BookingStatus, on: boolean) =>
    setStatuses((current) => (on ? [...current, status] : current.filter((s) => s !== status)));

  const toggleRow = (rowId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(rowId);
      else next.delete(rowId);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));

  const failed = (error: unknown) =>
    toast.error(
      isApiError(error) && error.code === 'FORBIDDEN' ? t('bookings.errors.forbidden') : t('bookings.errors.generic'),
    );

  const onCancel = async (row: BookingRow) => {
    if (!window.confirm(t('bookings.confirmCancel', { car: row.car.name }))) return;
    try {
      const booking = await cancel.mutateAsync(row._id);
      toast.success(booking.status === 'cancelled' ? t('bookings.cancelled') : t('bookings.cancelRequested'));
    } catch (error) {
      failed(error);
    }
  };

  const onDelete = async (ids: string[]) => {
    if (!window.confirm(t('bookings.confirmDelete', { count: ids.length }))) return;
    try {
      const { count } = await remove.mutateAsync(ids);
      setSelected(new Set());
      toast.success(t('bookings.deleted', { count }));
    } catch (error) {
      failed(error);
    }
  };

  const onBulkStatus = async () => {
    if (!newStatus || selected.size === 0) return;
    try {
      const { count } = await bulkStatus.mutateAsync({ ids: [...selected], status: newStatus });
      setSelected(new Set());
      toast.success(t('bookings.statusUpdated', { count }));
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className="bookings">
      <form
        className="bookings-filters"
        onSubmit={(event) => event.preventDefault()}
        aria-label={t('bookings.filters.title')}
      >
        <fieldset className="bookings-filters__statuses">
          <legend>{t('bookings.filters.status')}</legend>
          {STATUSES.map((status) => (
            <label key={status} className="bookings-filters__status">
              <input
                type="checkbox"
                checked={statuses.includes(status)}
                onChange={(event) => toggleStatus(status, event.target.checked)}
              />
              <span className={`status-badge status-badge--${status}`}>{t(`bookings.status.${status}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="bookings-filters__dates">
          <div className="form-field">
            <label htmlFor={`${id}-from`}>{t('bookings.filters.from')}</label>
            <input
              id={`${id}-from`}
              className="text-field"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="form-field">
            <label htmlFor={`${id}-to`}>{t('bookings.filters.to')}</label>
            <input
              id={`${id}-to`}
              className="text-field"
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </div>
      </form>

      <fieldset className="bookings-actions">
        <legend className="visually-hidden">{t('bookings.selection.label')}</legend>
        <span aria-live="polite">{t('bookings.selection.count', { count: selected.size })}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={selected.size === 0 || remove.isPending}
          onClick={() => void onDelete([...selected])}
        >
          {t('bookings.selection.delete')}
        </button>
        {operator ? (
          <>
            <label htmlFor={`${id}-new-status`} className="visually-hidden">
              {t('bookings.selection.newStatus')}
            </label>
            <select
              id={`${id}-new-status`}
              className="text-field"
              value={newStatus}
              onChange={(event) => setNewStatus(event.target.value as BookingStatus | '')}
            >
              <option value="">{t('bookings.selection.newStatus')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`bookings.status.${status}`)}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button"
              disabled={selected.size === 0 || !newStatus || bulkStatus.isPending}
              onClick={() => void onBulkStatus()}
            >
              {t('bookings.selection.apply')}
            </button>
          </>
        ) : null}
      </fieldset>

      {list.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{t('bookings.errors.load')}</p>
      ) : rows.length === 0 ? (
        <p className="bookings-empty">{t('bookings.empty')}</p>
      ) : (
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
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(rows.map((r) => r._id)) : new Set())
                    }
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
                        <Link
                          to={`/booking?b=${row._id}`}
                          aria-label={t('bookings.action.viewOf', { car: row.car.name })}
                        >
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
                            onClick={() => void onCancel(row)}
                          >
                            {t('bookings.action.cancel')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="link-button link-button--danger"
                          aria-label={t('bookings.action.deleteOf', { car: row.car.name })}
                          onClick={() => void onDelete([row._id])}
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
      )}
      <Pager page={page} pageCount={pageCount} onPage={setPage} />
    </div>
  );
}
