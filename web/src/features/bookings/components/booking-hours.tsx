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
type Props = { end: End; hours: OpeningHours; at: string; timeZone: string };

/** The end's day at its location's clock, and whether only the key box takes its time. */
const dayOf = ({ hours, at, timeZone }: Props) => {
  const clock = instantToZoned(new Date(at), timeZone);
  return { clock, ...hoursOn(hours, clock.date), keyBox: openingAt(hours, clock) === 'afterHours' };
};

function EndHours(props: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { clock, ranges, closure } = dayOf(props);
  const day = ranges.length > 0 ? rangesText(ranges) : closure ? t('locations.closedOn', { name: closure }) : null;
  return (
    <div>
      <dt>{t(`locations.booking.${props.end}`, { date: formatDay(clock.date, language) })}</dt>
      <dd>{day ?? t('locations.closed')}</dd>
    </div>
  );
}

/** A time outside the hours: the key box takes it (its fee, if any, is a line of the booking's price). */
function KeyBoxNote(props: Props) {
  const { t } = useTranslation();
  const { clock, keyBox } = dayOf(props);
  return keyBox ? <p>{t(`locations.booking.keyBox.${props.end}`, { time: clock.time })}</p> : null;
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
  const ends: Props[] = [];
  if (pickup)
    ends.push({ end: 'pickup', hours: pickup, at: booking.pickupAt, timeZone: booking.pickupLocation.timeZone });
  if (dropoff)
    ends.push({ end: 'dropoff', hours: dropoff, at: booking.dropoffAt, timeZone: booking.dropoffLocation.timeZone });
  if (ends.length === 0) return null;
  return (
    <section className="checkout-section" aria-labelledby={`${id}-hours`}>
      <h2 id={`${id}-hours`} className="checkout-section__title">
        {t('locations.booking.title')}
      </h2>
      <dl className="checkout-summary">
        {ends.map((end) => (
          <EndHours key={end.end} {...end} />
        ))}
      </dl>
      {ends.map((end) => (
        <KeyBoxNote key={end.end} {...end} />
      ))}
    </section>
  );
}
