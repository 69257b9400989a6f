import { bookingActions } from '@roam/contract/booking-actions';
import type { BookingRow, BookingStatus } from '@roam/contract/bookings';
import type { User } from '@roam/contract/users';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useLanguage } from '#web/i18n';
import { isApiError } from '#web/lib/api-client';
import { useSession } from '#web/lib/session';
import { useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { Pager } from '#web/ui/pager';
import { toast } from '#web/ui/toast';
import { useBookings, useCancelBooking, useDeleteBookings, useReleaseBooking } from './api/bookings';
import { BookingsFilters } from './components/bookings-filters';
import { BookingsTable } from './components/bookings-table';
import { useCancelQuestion } from './components/cancel-question';
import './bookings.css';

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

/**
 * The bookings list (spec §2): filters, a table with per-row actions, selection actions. An operator's daily list —
 * the search, the bulk status change, the export — is the console's bookings desk (/operator/bookings).
 */
export function BookingsScreen() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to="/sign-in?redirect=%2Fbookings" replace />;
  return (
    <Page title={t('bookings.list.title')} description={t('bookings.list.description')}>
      <BookingsList viewer={user} />
    </Page>
  );
}

function BookingsList({ viewer }: { viewer: User }) {
  const operator = viewer.type !== 'user';
  const { t } = useTranslation();
  const language = useLanguage();

  const size = usePageSize();
  const [statuses, setStatuses] = useState<BookingStatus[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const query = useMemo(
    () => ({ statuses, from: dayStart(from), to: dayStart(to, 1), language }),
    [statuses, from, to, language],
  );
  const list = useBookings(query, page, size, true);
  const cancel = useCancelBooking(language);
  const remove = useDeleteBookings();
  const release = useReleaseBooking();
  const { ask, dialog } = useConfirm();
  const cancelQuestion = useCancelQuestion();

  const rows = list.data?.results ?? [];
  const total = list.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / size));

  // A filter change starts again from the first page, with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these inputs only
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
  }, [statuses, from, to, size]);

  const failed = (error: unknown) =>
    toast.error(
      isApiError(error) && error.code === 'FORBIDDEN' ? t('bookings.errors.forbidden') : t('bookings.errors.generic'),
    );

  // The app's own dialog asks first, never the browser's confirm().
  const onCancel = async (row: BookingRow) => {
    // A driver reads first what the cancel does by the terms.
    const question = await cancelQuestion(row, operator);
    if (!question) return failed(null);
    if (!(await ask(question))) return;
    try {
      const booking = await cancel.mutateAsync(row._id);
      toast.success(booking.status === 'cancelled' ? t('bookings.cancelled') : t('bookings.cancelRequested'));
    } catch (error) {
      failed(error);
    }
  };

  const onDelete = async (ids: string[]) => {
    const yes = await ask({
      title: t('bookings.confirmDelete', { count: ids.length }),
      confirmLabel: t('bookings.confirm.delete'),
      dismissLabel: t('bookings.confirm.keep'),
    });
    if (!yes) return;
    try {
      const { count } = await remove.mutateAsync(ids);
      setSelected(new Set());
      toast.success(t('bookings.deleted', { count }));
    } catch (error) {
      failed(error);
    }
  };

  const onRelease = async (row: BookingRow) => {
    const yes = await ask({
      title: t('bookings.confirmRelease', { car: row.car.name }),
      confirmLabel: t('bookings.confirm.release'),
      dismissLabel: t('bookings.confirm.keep'),
    });
    if (!yes) return;
    try {
      await release.mutateAsync(row._id);
      toast.success(t('bookings.released'));
    } catch (error) {
      failed(error);
    }
  };

  // A selection is deleted all or nothing: offered only when the rule lets this viewer delete every row of it.
  const now = new Date();
  const deletable =
    selected.size > 0 &&
    rows
      .filter((row) => selected.has(row._id))
      .every((row) =>
        bookingActions(
          { ...row, driverId: row.driver._id, supplierId: row.supplier._id },
          { id: viewer._id, type: viewer.type },
          now,
        ).includes('delete'),
      );

  return (
    <div className="bookings">
      {dialog}
      <BookingsFilters statuses={statuses} onStatuses={setStatuses} from={from} onFrom={setFrom} to={to} onTo={setTo} />

      <fieldset className="bookings-actions">
        <legend className="visually-hidden">{t('bookings.selection.label')}</legend>
        <span aria-live="polite">{t('bookings.selection.count', { count: selected.size })}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={!deletable || remove.isPending}
          onClick={() => void onDelete([...selected])}
        >
          {t('bookings.selection.delete')}
        </button>
      </fieldset>

      {list.isPending ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : list.isError ? (
        <p role="alert">{t('bookings.errors.load')}</p>
      ) : rows.length === 0 ? (
        <p className="bookings-empty">{t('bookings.empty')}</p>
      ) : (
        <BookingsTable
          rows={rows}
          viewer={viewer}
          page={page}
          pageCount={pageCount}
          selected={selected}
          onSelect={setSelected}
          onCancel={(row) => void onCancel(row)}
          onDelete={(ids) => void onDelete(ids)}
          onRelease={(row) => void onRelease(row)}
        />
      )}
      <Pager page={page} pageCount={pageCount} onPage={setPage} />
    </div>
  );
}
