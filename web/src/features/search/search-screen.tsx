import { BOOKING_RULES } from '@roam/contract/booking-rules';
import { validateRentalPeriod } from '@roam/contract/time';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useLocations } from '#web/lib/locations';
import {
  checkoutHref,
  NO_FILTERS,
  readCriteria,
  readFilters,
  readPage,
  type SearchCriteria,
  type SearchFilters,
  toSearchBody,
  toSearchParams,
} from '#web/lib/search-params';
import { useSettings } from '#web/lib/settings';
import { CarCard, CarCardSkeleton } from '#web/ui/car-card';
import { ComingSoon } from '#web/ui/coming-soon';
import { Pager } from '#web/ui/pager';
import { SearchFormSkeleton } from '#web/ui/search-form/search-form-skeleton';
import { useDocumentTitle } from '#web/ui/use-document-title';
import { searchCarsInfiniteQueryOptions, searchCarsQueryOptions } from './api/search-cars';
import { LoadMore } from './components/load-more';
import { SearchFiltersPanel } from './components/search-filters';
import { useMediaQuery } from './lib/use-media-query';
import './search.css';

const LocationsMap = lazy(() => import('#web/ui/locations-map').then((m) => ({ default: m.LocationsMap })));
// The form brings react-aria-components (~100 KB gzip): its own chunk, so the results need not wait for it.
const SearchForm = lazy(() => import('#web/ui/search-form/search-form').then((m) => ({ default: m.SearchForm })));
const PAGE_SIZE = BOOKING_RULES.pageSize.cars;
/** Narrow screens always scroll for more: a pager under a long column of cards is out of reach. */
const NARROW = '(max-width: 640px)';
const SKELETONS = ['first', 'second', 'third'];

/** Search results (spec §2); "coming soon" while no car can be booked, not a search that finds nothing. */
export function SearchScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.title'));
  if (useSettings().bookable) return <SearchPage />;
  return (
    <div className="search container">
      <h1 className="search__title">{t('search.title')}</h1>
      <ComingSoon />
    </div>
  );
}

/** Every criterion, filter and the page come from the address. */
function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const criteria = readCriteria(params);
  const filters = readFilters(params);
  const page = readPage(params);
  // Criteria from the address pass the form's own checks (spec §5 dates) before any car is listed: a stale or edited
  // link shows the form with its messages, not cars that cannot be booked (the API refuses them too).
  const { data: locations } = useLocations();
  const settings = useSettings();
  const zoneOf = (id: string) => locations?.find((location) => location._id === id)?.timeZone ?? 'UTC';
  // Until the places (their zones) are known, only the checks that need no zone: the results need not wait.
  const issues = criteria
    ? validateRentalPeriod({
        pickupAt: new Date(criteria.pickupAt),
        dropoffAt: new Date(criteria.dropoffAt),
        now: new Date(),
        pickupTimeZone: zoneOf(criteria.pickupLocationId),
        dropoffTimeZone: zoneOf(criteria.dropoffLocationId),
        rules: settings,
      }).filter((issue) => locations || !issue.startsWith('invalid'))
    : [];

  const go = (nextCriteria: SearchCriteria | null, nextFilters: SearchFilters, nextPage = 1) =>
    navigate(`/search?${toSearchParams(nextCriteria, nextFilters, nextPage)}`);

  // On a phone with a search made, the form folds into a summary of it, so that the results come first; the
  // form (react-aria-components, the page's heaviest code to run) loads when the driver opens it.
  const narrow = useMediaQuery(NARROW);
  const [formOpened, setFormOpened] = useState(false);
  const formShown = !criteria || !narrow || formOpened || issues.length > 0;
  const formId = useId();

  return (
    <div className="search container">
      <h1 className="search__title">{t('search.title')}</h1>
      {criteria && narrow ? (
        <div className="search__summary">
          <SearchSummary criteria={criteria} />
          <ToggleButton
            shown={formShown}
            controls={formId}
            onToggle={() => setFormOpened((opened) => !opened)}
            show={t('search.change')}
            hide={t('search.changeHide')}
          />
        </div>
      ) : null}
      <div id={formId} hidden={!formShown}>
        {formShown ? (
          <Suspense fallback={<SearchFormSkeleton compact />}>
            <SearchForm
              key={criteria ? `${criteria.pickupLocationId}-${criteria.pickupAt}-${criteria.dropoffAt}` : 'new'}
              initial={criteria}
              checked={issues.length > 0}
              compact
              onSearch={(next) => {
                setFormOpened(false);
                go(next, filters);
              }}
            />
          </Suspense>
        ) : null}
      </div>
      {issues.length > 0 ? (
        <p className="search__prompt" role="alert">
          {issues.map((issue) => t(`search.form.errors.${issue}`)).join(' ')}
        </p>
      ) : criteria ? (
        <SearchResults
          criteria={criteria}
          filters={filters}
          page={page}
          onFilters={(next) => go(criteria, next)}
          onPage={(next) => {
            go(criteria, filters, next);
            window.scrollTo({ top: 0 });
          }}
        />
      ) : (
        <p className="search__prompt">{t('search.prompt')}</p>
      )}
    </div>
  );
}

interface SearchResultsProps {
  criteria: SearchCriteria;
  filters: SearchFilters;
  page: number;
  onFilters: (filters: SearchFilters) => void;
  onPage: (page: number) => void;
}

/** Where and when the search is for: the places, then the period in the pick-up place's time. */
function SearchSummary({ criteria }: { criteria: SearchCriteria }) {
  const { data: locations } = useLocations();
  const { date } = useFormats();
  const placeOf = (id: string) => locations?.find((location) => location._id === id);
  const pickupPlace = placeOf(criteria.pickupLocationId);
  const pickup = pickupPlace?.name ?? '';
  const dropoff = placeOf(criteria.dropoffLocationId)?.name ?? '';
  const timeZone = pickupPlace?.timeZone;
  const when = (iso: string) =>
    date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
  return (
    <p className="search__summary-text">
      <span className="search__summary-places">
        {pickup}
        {dropoff && dropoff !== pickup ? ` → ${dropoff}` : null}
      </span>
      {/* Each end unbroken: the line breaks between them, whichever zone the times are in (#22 item 18). */}
      <span>
        <span className="search__summary-end">{when(criteria.pickupAt)} –</span>{' '}
        <span className="search__summary-end">{when(criteria.dropoffAt)}</span>
      </span>
    </p>
  );
}

type ToggleButtonProps = { shown: boolean; controls: string; onToggle: () => void; show: string; hide: string };

/** Shows or hides the part of the page it controls; its label says which it will do. */
function ToggleButton({ shown, controls, onToggle, show, hide }: ToggleButtonProps) {
  return (
    <button
      type="button"
      className="button button--secondary search__toggle"
      aria-expanded={shown}
      aria-controls={controls}
      onClick={onToggle}
    >
      {shown ? hide : show}
    </button>
  );
}

function SearchResults({ criteria, filters, page, onFilters, onPage }: SearchResultsProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: locations } = useLocations();
  // Narrow screens start with the filters folded away, so the results come first.
  const [filtersShown, setFiltersShown] = useState(() => window.matchMedia('(min-width: 56rem)').matches);
  const filtersId = useId();
  // The map too: on a phone it pushed the results a screen down (and its tile was the page's slowest paint).
  const wide = useMediaQuery('(min-width: 56rem)');
  const [mapOpened, setMapOpened] = useState(false);
  const mapShown = wide || mapOpened;
  const mapId = useId();
  const narrow = useMediaQuery(NARROW);
  const infinite = settings.infiniteScroll || narrow;
  const body = toSearchBody(criteria, filters);
  const classic = useQuery({ ...searchCarsQueryOptions(body, page, PAGE_SIZE), enabled: !infinite });
  const scroll = useInfiniteQuery({ ...searchCarsInfiniteQueryOptions(body, PAGE_SIZE), enabled: infinite });
  const query = infinite ? scroll : classic;
  const pages = scroll.data?.pages;
  const classicData = classic.data;
  const data = useMemo(
    () =>
      infinite
        ? pages?.[0]
          ? { ...pages[0], results: uniqueById(pages.flatMap((loaded) => loaded.results)) }
          : undefined
        : classicData,
    [infinite, pages, classicData],
  );
  // Results arrive through TanStack Query's external store, whose updates React renders at once: the cards' render
  // was the longest task of /search on a phone (~80 ms unthrottled). Deferred, they render in the
  // background and the page stays responsive; until they are on screen, the next page is not asked for.
  const results = useDeferredValue(data?.results);
  const rendering = results !== data?.results;
  const pickup = locations?.find((location) => location._id === criteria.pickupLocationId);
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / PAGE_SIZE)) : 1;
  const filtered = JSON.stringify({ ...filters, sort: 'priceAsc' }) !== JSON.stringify(NO_FILTERS);

  return (
    <div className={`search__layout${filtersShown ? '' : ' search__layout--no-filters'}`}>
      <aside className="search__aside" aria-label={t('search.filters.title')}>
        {/* The map's box is there from the first paint, at its final size (the map's CSS comes with its lazy chunk):
            nothing moves when the places, then the map, arrive (CLS). */}
        {wide ? null : (
          <ToggleButton
            shown={mapShown}
            controls={mapId}
            onToggle={() => setMapOpened((opened) => !opened)}
            show={t('search.mapShow')}
            hide={t('search.mapHide')}
          />
        )}
        {mapShown && (pickup || !locations) ? (
          <div className="search__map" id={mapId}>
            {pickup ? (
              <Suspense fallback={null}>
                <LocationsMap
                  className="locations-map--small"
                  locations={[pickup]}
                  label={t('search.mapLabel', { name: pickup.name })}
                  tileUrl={settings.mapTileUrl}
                  center={pickup}
                  zoom={11}
                  selectedId={pickup._id}
                />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        <ToggleButton
          shown={filtersShown}
          controls={filtersId}
          onToggle={() => setFiltersShown((shown) => !shown)}
          show={t('search.filters.show')}
          hide={t('search.filters.hide')}
        />
        <div id={filtersId} hidden={!filtersShown}>
          <SearchFiltersPanel
            filters={filters}
            onChange={onFilters}
            supplierCounts={query.isError ? [] : (data?.supplierCounts ?? null)}
          />
        </div>
      </aside>
      <section className="search__results" aria-labelledby="search-count" aria-busy={query.isFetching}>
        <div className="search__toolbar">
          <p id="search-count" className="search__count" aria-live="polite">
            {data ? t('search.count', { count: data.totalCount }) : query.isError ? null : t('search.loading')}
          </p>
          <label className="search__sort">
            {t('search.sort.label')}
            <select
              className="text-field"
              value={filters.sort}
              onChange={(event) => onFilters({ ...filters, sort: event.target.value as SearchFilters['sort'] })}
            >
              <option value="priceAsc">{t('search.sort.priceAsc')}</option>
              <option value="priceDesc">{t('search.sort.priceDesc')}</option>
              <option value="rating">{t('search.sort.rating')}</option>
            </select>
          </label>
        </div>
        {query.isError ? (
          <p className="search__empty" role="alert">
            {t('search.error')}
          </p>
        ) : null}
        {data && data.totalCount === 0 ? (
          <div className="search__empty">
            <h2>{t('search.empty.title')}</h2>
            <p>{filtered ? t('search.empty.filtered') : t('search.empty.noCars')}</p>
            {filtered ? (
              <button type="button" className="button" onClick={() => onFilters({ ...NO_FILTERS, sort: filters.sort })}>
                {t('search.empty.clearFilters')}
              </button>
            ) : null}
          </div>
        ) : null}
        <ol className="search__list">
          {/* Skeletons of a card while the first results load, so the layout below them holds still (#22 item 18). */}
          {!results && !query.isError
            ? SKELETONS.map((key) => (
                <li key={key}>
                  <CarCardSkeleton />
                </li>
              ))
            : null}
          {results?.map((car, index) => (
            <li key={car._id}>
              <CarCard
                car={car}
                price={car.price}
                availability={car.availability}
                bookHref={car.bookable ? checkoutHref(car._id, criteria) : null}
                first={index === 0}
              />
            </li>
          ))}
        </ol>
        {data && infinite ? (
          <LoadMore
            shown={results?.length ?? 0}
            total={data.totalCount}
            added={pages && pages.length > 1 ? (pages.at(-1)?.results.length ?? 0) : 0}
            hasMore={scroll.hasNextPage}
            loading={scroll.isFetchingNextPage || rendering}
            onLoadMore={() => void scroll.fetchNextPage()}
          />
        ) : data ? (
          <Pager page={Math.min(page, pageCount)} pageCount={pageCount} onPage={onPage} />
        ) : null}
      </section>
    </div>
  );
}

/** A car shifted across a page boundary between two loads shows once. */
function uniqueById<T extends { _id: string }>(cars: T[]): T[] {
  const seen = new Set<string>();
  return cars.filter((car) => !seen.has(car._id) && Boolean(seen.add(car._id)));
}
