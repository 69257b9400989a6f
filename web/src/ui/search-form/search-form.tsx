import type { Location } from '@roam/contract/locations';
import { type RentalPeriodIssue, validateRentalPeriod } from '@roam/contract/time';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { Checkbox, I18nProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '#web/i18n';
import { useFormats } from '#web/i18n/formats';
import { useLocations } from '#web/lib/locations';
import { clockOf, closedReason, useOpeningTimes } from '#web/lib/opening-times';
import type { SearchCriteria } from '#web/lib/search-params';
import { useSettings } from '#web/lib/settings';
import { CheckIcon } from '../icons';
import { DateTimeField } from './date-time-field';
import { LocationField } from './location-field';
import { browserTimeZone, defaultPeriod, fromInstant, todayIn, toInstant, type WallClockValue } from './rental-period';
import { SearchFormSkeleton } from './search-form-skeleton';
import './search-form.css';

export interface SearchFormProps {
  /** Criteria to start from (the search page); defaults otherwise. */
  initial?: SearchCriteria | null;
  /** Controlled pick-up place, so a map marker can choose it (home). */
  pickupLocationId?: string | null;
  onPickupLocationChange?: (id: string | null) => void;
  onSearch: (criteria: SearchCriteria) => void;
  /** The search page shows the form in one compact row. */
  compact?: boolean;
  /** Show the criteria's errors at once: the address gave criteria that fail its checks. */
  checked?: boolean;
}

type FieldErrors = Partial<Record<'pickupLocation' | 'dropoffLocation' | 'pickup' | 'dropoff', string>>;

/** The search form (spec §2 home): places, dates and times, validated with the deployment's booking rules. */
export function SearchForm(props: SearchFormProps) {
  // The places arrive through TanStack Query's external store, whose updates React renders synchronously: mounting
  // the fields in that one task blocked the page for ~300 ms on a phone (Lighthouse; the dates were then
  // react-aria's segmented fields). Deferred, the mount is a background render that yields to the browser.
  const locations = useDeferredValue(useLocations().data);
  // The same skeleton as the screens' Suspense fallbacks, so nothing moves as it swaps.
  if (!locations) return <SearchFormSkeleton compact={props.compact} />;
  return <SearchFormFields {...props} locations={locations} />;
}

function SearchFormFields({
  initial,
  pickupLocationId: controlledPickup,
  onPickupLocationChange,
  onSearch,
  compact,
  checked = false,
  locations,
}: SearchFormProps & { locations: Location[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useSettings();
  const byId = (id: string | null | undefined) => locations.find((location) => location._id === id);

  const [ownPickup, setOwnPickup] = useState<string | null>(initial?.pickupLocationId ?? null);
  const pickupId = controlledPickup !== undefined ? controlledPickup : ownPickup;
  const setPickupId = (id: string | null) => {
    setOwnPickup(id);
    onPickupLocationChange?.(id);
  };
  const [sameLocation, setSameLocation] = useState(!initial || initial.dropoffLocationId === initial.pickupLocationId);
  const [dropoffId, setDropoffId] = useState<string | null>(initial?.dropoffLocationId ?? null);
  const [period, setPeriod] = useState(() => {
    const pickupZone = byId(initial?.pickupLocationId)?.timeZone;
    const dropoffZone = byId(initial?.dropoffLocationId)?.timeZone;
    if (initial && pickupZone && dropoffZone) {
      return {
        pickup: fromInstant(initial.pickupAt, pickupZone),
        dropoff: fromInstant(initial.dropoffAt, dropoffZone),
      };
    }
    return defaultPeriod(new Date(), browserTimeZone());
  });
  const [submitted, setSubmitted] = useState(checked);

  const pickup = byId(pickupId);
  const dropoff = sameLocation ? pickup : byId(dropoffId);
  const pickupZone = pickup?.timeZone ?? browserTimeZone();
  const dropoffZone = dropoff?.timeZone ?? pickupZone;
  const pickupAt = toInstant(period.pickup, pickupZone);
  const dropoffAt = toInstant(period.dropoff, dropoffZone);

  // A place with its own hours: the server's times that day are offered, and judge the chosen one.
  const pickupTimes = useOpeningTimes(pickup?._id, period.pickup.date?.toString());
  const dropoffTimes = useOpeningTimes(dropoff?._id, period.dropoff.date?.toString());
  const issues = validateRentalPeriod({
    pickupAt,
    dropoffAt,
    now: new Date(),
    pickupTimeZone: pickupZone,
    dropoffTimeZone: dropoffZone,
    rules: settings,
    ownHours: { pickup: pickupTimes?.ownHours === true, dropoff: dropoffTimes?.ownHours === true },
  });
  const { date: format } = useFormats();
  const hour = (value: number) =>
    format(Date.UTC(2000, 0, 1, value), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  // A refused hour names the hours the rules allow there.
  const message = (issue: RentalPeriodIssue) =>
    issue === 'invalidPickupTime'
      ? t('search.form.errors.pickupHours', {
          from: hour(settings.earliestPickupHour),
          to: hour(settings.latestPickupHour),
        })
      : issue === 'invalidDropoffTime'
        ? t('search.form.errors.dropoffHours', {
            from: hour(settings.earliestDropoffHour),
            to: hour(settings.latestDropoffHour),
          })
        : t(`search.form.errors.${issue}`);
  const errors: FieldErrors = {};
  if (!pickup) errors.pickupLocation = t('search.form.errors.required', { field: t('search.form.pickupLocation') });
  if (!dropoff) errors.dropoffLocation = t('search.form.errors.required', { field: t('search.form.dropoffLocation') });
  const pickupIssue = issues.find((issue) => issue === 'pickupTooSoon' || issue === 'invalidPickupTime');
  const dropoffIssue = issues.find(
    (issue) => issue === 'durationTooShort' || issue === 'durationTooLong' || issue === 'invalidDropoffTime',
  );
  const closed = (times: typeof pickupTimes, value: WallClockValue) => {
    const reason = closedReason(times, value.time ? clockOf(value.time) : undefined);
    if (!reason) return undefined;
    if (reason.key === 'closedOn') return t('search.form.errors.closedOn', { name: reason.name });
    return reason.key === 'closedAt'
      ? t('search.form.errors.closedAt', { hours: reason.hours })
      : t('search.form.errors.closedDay');
  };
  const pickupClosed = closed(pickupTimes, period.pickup);
  const dropoffClosed = closed(dropoffTimes, period.dropoff);
  if (pickupIssue) errors.pickup = message(pickupIssue);
  else if (pickupClosed) errors.pickup = pickupClosed;
  if (dropoffIssue) errors.dropoff = message(dropoffIssue);
  else if (dropoffClosed) errors.dropoff = dropoffClosed;
  const ownTimes = (times: typeof pickupTimes) =>
    times?.ownHours ? { ...times, afterHoursLabel: t('search.form.keyBox') } : undefined;
  // Messages appear once the driver tries to search, then follow every change (no scolding while typing).
  const shown: FieldErrors = submitted ? errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0 || !pickup || !dropoff) return;
    onSearch({
      pickupLocationId: pickup._id,
      dropoffLocationId: dropoff._id,
      pickupAt: pickupAt.toISOString(),
      dropoffAt: dropoffAt.toISOString(),
    });
  };

  const setPickupPeriod = (value: WallClockValue) =>
    setPeriod((current) => {
      // Moving the pick-up date moves the drop-off with it, keeping the rental length.
      if (value.date && current.pickup.date && current.dropoff.date && value.date.compare(current.pickup.date) !== 0) {
        const days = current.dropoff.date.compare(current.pickup.date);
        return { pickup: value, dropoff: { ...current.dropoff, date: value.date.add({ days: Math.max(days, 0) }) } };
      }
      return { ...current, pickup: value };
    });

  return (
    <I18nProvider locale={localeTag(language)}>
      <form
        className={`search-form${compact ? ' search-form--compact' : ''}`}
        onSubmit={submit}
        noValidate
        aria-label={t('search.form.title')}
      >
        <div className="search-form__places">
          <LocationField
            label={t('search.form.pickupLocation')}
            locations={locations}
            selectedId={pickupId}
            onChange={setPickupId}
            error={shown.pickupLocation}
          />
          {sameLocation ? null : (
            <LocationField
              label={t('search.form.dropoffLocation')}
              locations={locations}
              selectedId={dropoffId}
              onChange={setDropoffId}
              error={shown.dropoffLocation}
            />
          )}
          <Checkbox className="search-checkbox" isSelected={sameLocation} onChange={setSameLocation}>
            <span className="search-checkbox__box" aria-hidden="true">
              <CheckIcon size={14} />
            </span>
            {t('search.form.sameLocation')}
          </Checkbox>
        </div>
        <div className="search-form__dates">
          <DateTimeField
            dateLabel={t('search.form.pickupDate')}
            timeLabel={t('search.form.pickupTime')}
            value={period.pickup}
            onChange={setPickupPeriod}
            // The calendar starts at today where the car is picked up: earlier days cannot be chosen.
            minDate={todayIn(new Date(), pickupZone)}
            error={shown.pickup}
            hours={{ earliest: settings.earliestPickupHour, latest: settings.latestPickupHour }}
            times={ownTimes(pickupTimes)}
          />
          <DateTimeField
            dateLabel={t('search.form.dropoffDate')}
            timeLabel={t('search.form.dropoffTime')}
            value={period.dropoff}
            onChange={(dropoffValue) => setPeriod((current) => ({ ...current, dropoff: dropoffValue }))}
            minDate={period.pickup.date ?? undefined}
            error={shown.dropoff}
            hours={{ earliest: settings.earliestDropoffHour, latest: settings.latestDropoffHour }}
            times={ownTimes(dropoffTimes)}
          />
        </div>
        <button type="submit" className="button button--accent search-form__submit">
          {t('search.form.submit')}
        </button>
      </form>
    </I18nProvider>
  );
}
