import { CAR_RANGES, type CarRange } from '@roam/contract/cars';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import { useSession } from '#web/lib/session';
import { SelectField, TextField } from '#web/ui/form-field';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import { PlaceOptions } from '#web/console/components/place-options';
import { SupplierSelect } from '#web/console/components/supplier-select';
import { addDays } from '#web/console/lib/days';
import { useScheduler } from './api/scheduler';
import { TimelineTable } from './components/timeline-table';
import { FORTNIGHT } from './timeline';
import './scheduler.css';

/** Cars per page: a screenful of rows, each page one query (docs/architecture.md §7). */
const PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today on the reader's device: the first day shown until one is chosen. */
const today = () => new Date().toLocaleDateString('sv-SE');

/**
 * The scheduler: a place's cars by days over a fortnight, with their bookings and blocked periods as
 * bars; previous and next fortnight, a first day to choose, and filters by supplier (the admin) and range. The choice
 * lives in the address (`?place=&from=&supplier=&range=&page=`), so a booking opened from its bar comes back here.
 */
export function SchedulerScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const admin = useSession().user?.type === 'admin';
  const locations = useLocations();
  const [params, setParams] = useSearchParams();
  // A business with one place has nothing to choose: its scheduler opens on it.
  const only = locations.data?.length === 1 ? (locations.data[0]?._id ?? '') : '';
  const place = params.get('place') ?? only;
  const from = DATE.test(params.get('from') ?? '') ? (params.get('from') as string) : today();
  const supplier = admin ? (params.get('supplier') ?? '') : '';
  const range = CAR_RANGES.find((value) => value === params.get('range')) ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const schedule = useScheduler(
    place
      ? {
          locationId: place,
          from,
          to: addDays(from, FORTNIGHT),
          supplierId: supplier || undefined,
          ranges: range ? [range as CarRange] : undefined,
          language,
        }
      : null,
    page,
    PAGE_SIZE,
  );
  /** A new choice starts again from the first page. */
  const change = (next: Record<string, string>) => {
    const merged = { place, from: params.get('from') ?? '', supplier, range, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')));
  };
  const toPage = (next: number) => {
    const copy = new URLSearchParams(params);
    copy.set('page', String(next));
    setParams(copy);
  };
  const total = schedule.data?.totalCount ?? 0;
  return (
    <Page title={t('operatorScheduler.title')} description={t('operatorScheduler.description')}>
      <div className="sched">
        <search aria-label={t('operatorScheduler.filters')}>
          <div className="sched__filters">
            <SelectField
              label={t('operatorScheduler.place')}
              name="place"
              value={place}
              onChange={(value) => change({ place: value })}
            >
              <option value="">{t('operatorScheduler.choosePlace')}</option>
              <PlaceOptions locations={locations.data ?? []} language={language} />
            </SelectField>
            <TextField
              label={t('operatorScheduler.from')}
              name="from"
              type="date"
              value={from}
              onChange={(value) => (DATE.test(value) ? change({ from: value }) : undefined)}
            />
            {admin ? (
              <SupplierSelect
                label={t('operatorScheduler.supplier')}
                name="supplier"
                value={supplier}
                onChange={(value) => change({ supplier: value })}
                empty={t('operatorScheduler.allSuppliers')}
              />
            ) : null}
            <SelectField
              label={t('operatorScheduler.range')}
              name="range"
              value={range}
              onChange={(value) => change({ range: value })}
            >
              <option value="">{t('operatorScheduler.allRanges')}</option>
              {CAR_RANGES.map((value) => (
                <option key={value} value={value}>
                  {t(`cars.range.${value}`)}
                </option>
              ))}
            </SelectField>
          </div>
        </search>
        <div className="sched__nav">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => change({ from: addDays(from, -FORTNIGHT) })}
          >
            {t('operatorScheduler.previous')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => change({ from: today() })}>
            {t('operatorScheduler.today')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => change({ from: addDays(from, FORTNIGHT) })}
          >
            {t('operatorScheduler.next')}
          </button>
        </div>
        <Legend />
        {!place ? (
          <p className="sched__hint">{t('operatorScheduler.placeFirst')}</p>
        ) : schedule.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorScheduler.error')}
          </p>
        ) : schedule.data ? (
          <>
            <p className="sched__hint" aria-live="polite">
              {t('operatorScheduler.count', { count: total, timeZone: schedule.data.location.timeZone })}
            </p>
            {schedule.data.rows.length > 0 ? (
              <TimelineTable
                page={schedule.data}
                from={from}
                days={FORTNIGHT}
                showSupplier={admin}
                busy={schedule.isPlaceholderData}
              />
            ) : null}
            <Pager page={page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={toPage} />
          </>
        ) : (
          <p>{t('common.loading')}</p>
        )}
      </div>
    </Page>
  );
}

/** What each bar's pattern means, beside its words. */
function Legend() {
  const { t } = useTranslation();
  const kinds = ['paid', 'deposit', 'pending', 'reserved', 'void', 'on_rent', 'overdue', 'returned', 'block'] as const;
  return (
    <ul className="sched-legend" aria-label={t('operatorScheduler.legend')}>
      {kinds.map((kind) => (
        <li key={kind}>
          <span className={`sched-legend__swatch sched-bar--${kind}`} aria-hidden="true" />
          {kind === 'block'
            ? t('operatorScheduler.blocked')
            : kind === 'overdue'
              ? t('operatorScheduler.overdue')
              : t(`operatorScheduler.status.${kind}`)}
        </li>
      ))}
    </ul>
  );
}
