import {
  DESK_PAGE_SIZES,
  DESK_SORTS,
  type DeskFilter,
  PAYMENT_STATES,
  type PaymentState,
} from '@roam/contract/booking-desk';
import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import { KeptFigures } from '#web/console/components/kept-figures';
import { usePermissions } from '#web/console/team/api/team';
import { useDeskBookings, useDeskTotals, useRefreshDesk, useRefreshDeskTotals } from './api/desk';
import { BulkStatus } from './components/bulk-status';
import { type DeskFilters, DeskFiltersForm } from './components/desk-filters';
import { DeskRow } from './components/desk-row';
import { ExportBookings } from './components/export-bookings';
import '#web/console/components/import.css';
import './bookings.css';

const NARROW = '(max-width: 640px)';

/** 20 bookings a page, 10 on a phone (spec §9). */
function usePageSize(): number {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow ? DESK_PAGE_SIZES.narrow : DESK_PAGE_SIZES.wide;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.find((option) => option === value) ?? '';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value) ? value : '');

/** The filters as the address holds them (`?q=&status=&pay=&checkin=&place=&supplier=&pickupFrom=…&sort=&page=`). */
function readFilters(params: URLSearchParams): DeskFilters & { page: number } {
  return {
    search: params.get('q') ?? '',
    status: pick(params.get('status'), BOOKING_STATUSES),
    payment: pick(params.get('pay'), PAYMENT_STATES),
    checkIn: pick(params.get('checkin'), ['yes', 'no'] as const),
    place: params.get('place') ?? '',
    supplier: params.get('supplier') ?? '',
    pickupFrom: day(params.get('pickupFrom')),
    pickupTo: day(params.get('pickupTo')),
    dropoffFrom: day(params.get('dropoffFrom')),
    dropoffTo: day(params.get('dropoffTo')),
    sort: pick(params.get('sort'), DESK_SORTS) || 'createdDesc',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * The operator's bookings (docs/architecture.md §5 "The bookings desk"): a supplier's fleet's, the admin's of every
 * supplier or one; found by reference, driver name, e-mail or phone, or plate; filtered, sorted and paged on the
 * server, the matches' revenue and refunds summed; the bulk status change and the bookings export. The filters live in
 * the address, so the list comes back as it was from a booking's view.
 */
export function BookingsScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const admin = useSession().user?.type === 'admin';
  // A status change of a selection is a change (bookings.write); the export carries the money (money.read): a counter
  // agent has neither, an accountant the export only (contract team.ts).
  const may = usePermissions();
  const mayWrite = may.has('bookings.write');
  const mayExport = may.has('money.read');
  const size = usePageSize();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const refresh = useRefreshDesk();
  const filter: DeskFilter = {
    ...(filters.search ? { search: filters.search } : {}),
    statuses: filters.status ? [filters.status as BookingStatus] : [],
    paymentStates: filters.payment ? [filters.payment as PaymentState] : [],
    ...(filters.checkIn ? { checkedIn: filters.checkIn === 'yes' } : {}),
    ...(filters.place ? { locationId: filters.place } : {}),
    ...(admin && filters.supplier ? { supplierId: filters.supplier } : {}),
    ...(filters.pickupFrom ? { pickupFrom: filters.pickupFrom } : {}),
    ...(filters.pickupTo ? { pickupTo: filters.pickupTo } : {}),
    ...(filters.dropoffFrom ? { dropoffFrom: filters.dropoffFrom } : {}),
    ...(filters.dropoffTo ? { dropoffTo: filters.dropoffTo } : {}),
  };
  const list = useDeskBookings({ ...filter, sort: filters.sort, language }, filters.page, size);
  // The totals line is the list's costly part: asked once per filter, not again for each page or sort.
  const counted = useDeskTotals(filter);
  const recount = useRefreshDeskTotals(filter);
  const totals = counted.data?.totals ?? [];
  const rows = list.data?.results ?? [];
  const total = counted.data?.totalCount;
  // Until the count arrives, the pages known: this one and, when another follows, the next.
  const pageCount =
    total === undefined ? filters.page + (list.data?.hasMore ? 1 : 0) : Math.max(1, Math.ceil(total / size));

  /** A new filter starts again from the first page, with nothing selected. */
  const change = (next: Partial<DeskFilters>) => {
    const merged = { ...filters, ...next };
    const entries = {
      q: merged.search,
      status: merged.status,
      pay: merged.payment,
      checkin: merged.checkIn,
      place: merged.place,
      supplier: merged.supplier,
      pickupFrom: merged.pickupFrom,
      pickupTo: merged.pickupTo,
      dropoffFrom: merged.dropoffFrom,
      dropoffTo: merged.dropoffTo,
      sort: merged.sort === 'createdDesc' ? '' : merged.sort,
    };
    setSelected(new Set());
    setParams(Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== '')));
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setSelected(new Set());
    setParams(next);
  };
  const select = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row._id));

  return (
    <Page title={t('operatorBookings.list.title')} description={t('operatorBookings.list.description')}>
      <div className="desk">
        <DeskFiltersForm filters={filters} admin={admin} language={language} onChange={change} />
        <p className="desk__count" aria-live="polite">
          <span>{total === undefined ? t('common.loading') : t('operatorBookings.list.count', { count: total })}</span>
          {counted.data ? (
            <>
              {' '}
              <KeptFigures
                asOf={counted.data.asOf}
                language={language}
                said={(time) => t('operatorBookings.list.asOf', { time })}
                refresh={t('operatorBookings.list.recount')}
                refreshing={recount.isPending}
                onRefresh={() => recount.mutate()}
              />
            </>
          ) : null}
        </p>
        {totals.length > 0 ? (
          <ul className="desk__totals" aria-label={t('operatorBookings.list.totals')}>
            {totals.map((sum) => (
              <li key={sum.currency}>
                {t('operatorBookings.list.totalsLine', {
                  count: sum.bookings,
                  revenue: formatMinor(sum.revenue, sum.currency, language),
                  refunded: formatMinor(sum.refunded, sum.currency, language),
                })}
              </li>
            ))}
          </ul>
        ) : null}
        {list.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorBookings.list.error')}
          </p>
        ) : null}
        {rows.length > 0 ? (
          <>
            {mayWrite ? (
              <div className="desk__selection">
                <label className="desk__select-all">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(event) =>
                      setSelected(event.currentTarget.checked ? new Set(rows.map((row) => row._id)) : new Set())
                    }
                  />{' '}
                  {t('operatorBookings.row.selectAll')}
                </label>
                <BulkStatus
                  selected={[...selected]}
                  onDone={() => {
                    setSelected(new Set());
                    void refresh();
                  }}
                />
              </div>
            ) : null}
            <ul className="desk__list" aria-label={t('operatorBookings.list.title')} aria-busy={list.isPlaceholderData}>
              {rows.map((row) => (
                <DeskRow
                  key={row._id}
                  row={row}
                  showSupplier={admin}
                  selected={selected.has(row._id)}
                  onSelect={mayWrite ? (on) => select(row._id, on) : undefined}
                />
              ))}
            </ul>
          </>
        ) : list.isSuccess ? (
          <p className="desk__empty">{t('operatorBookings.list.empty')}</p>
        ) : null}
        <Pager page={filters.page} pageCount={pageCount} onPage={toPage} />
        {mayExport ? (
          <section className="op-section desk__export" aria-labelledby="desk-export">
            <h2 id="desk-export" className="op-section__title">
              {t('operatorImport.export.bookingsTitle')}
            </h2>
            <ExportBookings
              // Keyed by the list's days: choosing them again sets the export's.
              key={`${filters.pickupFrom}|${filters.pickupTo}`}
              supplierId={admin ? filters.supplier || undefined : undefined}
              first={filters.pickupFrom}
              last={filters.pickupTo}
            />
          </section>
        ) : null}
      </div>
    </Page>
  );
}
