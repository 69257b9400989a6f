import type { CounterBooking } from '@roam/contract/counter';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';

/** Who, what, when and where: the booking as the desk checks it against the customer in front of it. */
export function BookingHeader({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { car, driver } = booking;
  const rows: [string, string][] = [
    [t('operatorCounter.header.status'), t(`operatorScheduler.status.${booking.status}`)],
    [t('operatorCounter.header.driver'), [driver.name, driver.email, driver.phone].filter(Boolean).join(' · ')],
    [
      t('operatorCounter.header.car'),
      [car.name, car.licensePlate, t(`cars.range.${car.range}`)].filter(Boolean).join(' · '),
    ],
    [
      t('operatorCounter.header.pickup'),
      `${formatInZone(booking.pickupAt, booking.pickupLocation.timeZone, language)}, ${booking.pickupLocation.name}`,
    ],
    [
      t('operatorCounter.header.dropoff'),
      `${formatInZone(booking.dropoffAt, booking.dropoffLocation.timeZone, language)}, ${booking.dropoffLocation.name}`,
    ],
  ];
  if (booking.swappedFrom)
    rows.push([
      t('operatorCounter.header.swappedFrom'),
      booking.swappedFrom.repriced
        ? t('operatorCounter.header.swappedRepriced', { car: booking.swappedFrom.name })
        : booking.swappedFrom.name,
    ]);
  return (
    <section className="op-section counter-header" aria-label={t('operatorCounter.header.title')}>
      {booking.overdue ? (
        <p className="counter-overdue" role="alert">
          {t('operatorCounter.header.overdue')}
        </p>
      ) : null}
      {booking.checkedInAt ? (
        <p className="counter-badge">
          {t('operatorCounter.header.checkedIn', {
            at: formatInZone(booking.checkedInAt, booking.pickupLocation.timeZone, language),
          })}
        </p>
      ) : null}
      <dl className="counter-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
