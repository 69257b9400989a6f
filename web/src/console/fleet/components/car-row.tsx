import { BASE_CURRENCY } from '@roam/contract/currencies';
import type { OperatorCarRow } from '@roam/contract/fleet';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';

/** One car of the list: what an operator checks at a glance (its bookings, its odometer), and the way to its editor. */
export function CarRow({ car, showSupplier }: { car: OperatorCarRow; showSupplier: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const formats = useFormats();
  const day = (iso: string) => formats.date(new Date(iso), { dateStyle: 'medium' });
  // The counter's readings: the last at a check-out or return, and the one at the last service (the car's rules).
  const km = (reading: number | null) =>
    reading === null
      ? t('operatorCars.list.notRecorded')
      : formats.number(reading, { style: 'unit', unit: 'kilometer' });
  const status = car.fullyBooked ? 'fullyBooked' : car.availability;
  return (
    <li className="op-car">
      {car.image ? (
        <img className="op-car__image" src={car.image} alt="" width={96} height={64} loading="lazy" />
      ) : (
        <span className="op-car__image op-car__image--none" aria-hidden="true" />
      )}
      <div className="op-car__main">
        <h2 className="op-car__name">
          <Link to={`/operator/cars/${car._id}`}>{car.name}</Link>
        </h2>
        <p className="op-car__meta">
          {[car.licensePlate, t(`cars.range.${car.range}`), showSupplier ? car.supplier.name : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="op-car__meta">
          <span className={`op-badge op-badge--${status}`}>{t(`cars.availability.${status}`)}</span>{' '}
          {t('operatorCars.list.places', { count: car.placesCount })}
        </p>
      </div>
      <dl className="op-car__facts">
        <div>
          <dt>{t('operatorCars.list.pricePerDay')}</dt>
          <dd>{formatMinor(car.customerDailyPrice, BASE_CURRENCY, language)}</dd>
        </div>
        <div>
          <dt>{t('operatorCars.list.bookings')}</dt>
          <dd>{car.upcomingBookings}</dd>
        </div>
        <div>
          <dt>{t('operatorCars.list.nextBooking')}</dt>
          <dd>
            {car.nextBooking
              ? t('operatorCars.list.period', {
                  from: day(car.nextBooking.pickupAt),
                  to: day(car.nextBooking.dropoffAt),
                })
              : t('operatorCars.list.noBooking')}
          </dd>
        </div>
        <div>
          <dt>{t('operatorCars.list.odometer')}</dt>
          <dd>{km(car.odometer)}</dd>
        </div>
        <div>
          <dt>{t('operatorCars.list.lastService')}</dt>
          <dd>{km(car.serviceOdometer)}</dd>
        </div>
      </dl>
    </li>
  );
}
