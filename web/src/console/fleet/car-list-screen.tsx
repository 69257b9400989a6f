import { CAR_RANGES, type CarRange } from '@roam/contract/cars';
import { CAR_AVAILABILITIES, type CarAvailability, OPERATOR_CAR_SORTS } from '@roam/contract/fleet';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { Pager } from '#web/ui/pager';
import { useOperatorCars } from './api/fleet';
import { CarFilters, type CarListFilters } from './components/car-filters';
import { CarRow } from './components/car-row';
import './fleet.css';

/** Spec §9: cars are listed 15 to a page. */
const PAGE_SIZE = 15;

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((option) => option === value);

/** The filters as the address holds them (`?q=&range=&availability=&place=&supplier=&sort=&page=`). */
function readFilters(params: URLSearchParams): CarListFilters & { page: number } {
  return {
    keyword: params.get('q') ?? '',
    range: pick(params.get('range'), CAR_RANGES) ?? '',
    availability: pick(params.get('availability'), CAR_AVAILABILITIES) ?? '',
    locationId: params.get('place') ?? '',
    supplierId: params.get('supplier') ?? '',
    sort: pick(params.get('sort'), OPERATOR_CAR_SORTS) ?? 'name',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

/**
 * The operator's cars: a supplier's own, the admin's of any supplier (or one, chosen); found by name
 * or licence plate, filtered by range, availability and place, sorted, paged on the server. The filters live in the
 * address, so that the list comes back as it was from a car's editor.
 */
export function CarListScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { user } = useSession();
  const admin = user?.type === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const list = useOperatorCars(
    {
      keyword: filters.keyword || undefined,
      ranges: filters.range ? [filters.range as CarRange] : [],
      availability: filters.availability ? [filters.availability as CarAvailability] : [],
      locationId: filters.locationId || undefined,
      supplierId: admin ? filters.supplierId || undefined : undefined,
      sort: filters.sort,
    },
    filters.page,
    PAGE_SIZE,
  );
  const rows = list.data?.results ?? [];
  const total = list.data?.totalCount ?? 0;
  const filtered = Boolean(filters.keyword || filters.range || filters.availability || filters.locationId);

  /** A new filter starts again from the first page. */
  const change = (next: Partial<CarListFilters>) => {
    const merged = { ...filters, ...next, page: 1 };
    const entries = {
      q: merged.keyword,
      range: merged.range,
      availability: merged.availability,
      place: merged.locationId,
      supplier: merged.supplierId,
      sort: merged.sort === 'name' ? '' : merged.sort,
    };
    setParams(Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== '')));
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const newCarHref =
    admin && filters.supplierId ? `/operator/cars/new?supplier=${filters.supplierId}` : '/operator/cars/new';

  return (
    <Page title={t('operatorCars.list.title')} description={t('operatorCars.list.description')}>
      <div className="op-cars">
        <p className="op-cars__actions">
          <Link to={newCarHref} className="button button--accent">
            {t('operatorCars.list.add')}
          </Link>{' '}
          <Link to={newCarHref.replace('/new', '/import')} className="button">
            {t('operatorCars.list.import')}
          </Link>
        </p>
        <CarFilters filters={filters} admin={admin} language={language} onChange={change} />
        <p className="op-cars__count" aria-live="polite">
          {list.isPending ? t('common.loading') : t('operatorCars.list.count', { count: total })}
        </p>
        {list.isError ? (
          <p role="alert" className="form-message form-message--error">
            {t('operatorCars.list.error')}
          </p>
        ) : null}
        {rows.length > 0 ? (
          // While the rows of the previous filters stand in for the new ones, the list says it is being refreshed.
          <ul className="op-cars__list" aria-label={t('operatorCars.list.title')} aria-busy={list.isPlaceholderData}>
            {rows.map((row) => (
              <CarRow key={row._id} car={row} showSupplier={admin} />
            ))}
          </ul>
        ) : list.isSuccess ? (
          // An empty fleet is not a filter that matched nothing: it says so, and how to start one.
          <p className="op-cars__empty">{filtered ? t('operatorCars.list.empty') : t('operatorCars.list.noCars')}</p>
        ) : null}
        <Pager page={filters.page} pageCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onPage={toPage} />
      </div>
    </Page>
  );
}
