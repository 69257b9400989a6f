import type { Booking } from '@roam/contract/bookings';
import { hoursOn, type OpeningHours, openingAt, rangesText } from '@roam/contract/opening-hours';
import { instantToZoned } from '@roam/contract/time';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { formatDay } from '#web/i18n/formats';
import { useLocations } from '#web/lib/locations';

// The booking's locations' hours on its two days (docs/architecture.md §5 "Opening hours"): what the driver needs to
// know to be there in time, and, for a time outside them, that the key box takes it. The booking page is a lazy
// chunk of its own: the hours' rules ride in it, no route's first load.

type End = 'pickup' | 'dropoff';

function EndHours({ end, hours, at, timeZone }: { end: End; hours: OpeningHours; at: string; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const clock = instantToZoned(new Date(at), timeZone);
  const { ranges, closure } = hoursOn(hours, clock.date);
  const day = ranges.length > 0 ? rangesText(ranges) : closure ? t('locations.closedOn', { name: closure }) : null;
  return (
    <div>
      <dt>{t(`locations.booking.${end}`, { date: formatDay(clock.date, language) })}</dt>
      <dd>
        {day ?? t('locations.closed')}
        {openingAt(hours, clock) === 'afterHours' ? (
          <>
            {'. '}
            {t(`locations.booking.keyBox.${end}`, { time: clock.time })}
          </>
        ) : null}
      </dd>
    </div>
  );
}

/** Shown only for locations with their own hours; the others keep the site-wide ones the search offered. */
export function BookingHours({
  booking,
}: {
  booking: Pick<Booking, 'pickupLocation' | 'dropoffLocation' | 'pickupAt' | 'dropoffAt'>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const places = useLocations().data ?? [];
  const hoursOf = (placeId: string) => places.find((place) => place._id === placeId)?.openingHours ?? null;
  const pickup = hoursOf(booking.pickupLocation._id);
  const dropoff = hoursOf(booking.dropoffLocation._id);
  if (!pickup && !dropoff) return null;
  return (
    <section className="checkout-section" aria-labelledby={`${id}-hours`}>
      <h2 id={`${id}-hours`} className="checkout-section__title">
        {t('locations.booking.title')}
      </h2>
      <dl className="checkout-summary">
        {pickup ? (
          <EndHours end="pickup" hours={pickup} at={booking.pickupAt} timeZone={booking.pickupLocation.timeZone} />
        ) : null}
        {dropoff ? (
          <EndHours end="dropoff" hours={dropoff} at={booking.dropoffAt} timeZone={booking.dropoffLocation.timeZone} />
        ) : null}
      </dl>
    </section>
  );
}
