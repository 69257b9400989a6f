import type { CarDetails } from '@roam/contract/cars';
import type { Location } from '@roam/contract/locations';
import type { PriceBreakdown } from '@roam/contract/price';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { formatInZone } from '#web/i18n/formats';
import type { SearchCriteria } from '#web/lib/search-params';
import { CarFacts, SupplierLogo } from '#web/ui/car-facts';

type Refusable = 'pickupAt' | 'dropoffAt' | 'dropoffLocationId';

interface BookingDetailsProps {
  car: CarDetails;
  criteria: SearchCriteria;
  pickupPlace: Location | undefined;
  dropoffPlace: Location | undefined;
  /** The pick-up place's zone, for a place whose own is unknown. */
  timeZone: string;
  price: PriceBreakdown | null;
  /**
   * The server's message for an end's date (spec §5) or the drop-off place (a one-way rental refused), translated:
   * there is no such field on this screen.
   */
  dateError: (name: Refusable) => string | undefined;
  /** Under the car's picture: its photos' gallery (checkout-screen.tsx, a lazy chunk). */
  children?: ReactNode;
}

/** The booking details (spec §2): the car, its supplier, the places and times searched, the rental days. */
export function BookingDetails({
  car,
  criteria,
  pickupPlace,
  dropoffPlace,
  timeZone,
  price,
  dateError,
  children,
}: BookingDetailsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const when = (iso: string, zone: string | undefined) => formatInZone(iso, zone ?? timeZone, language);
  // Focusable, so that a refused Book takes the user to the message (use-contract-form, data-form-error).
  const error = (name: Refusable) => {
    const message = dateError(name);
    return message ? (
      <p className="field-error" data-form-error tabIndex={-1}>
        {message}
      </p>
    ) : null;
  };
  return (
    <section className="checkout-section" aria-labelledby={`${id}-details`}>
      <h2 id={`${id}-details`} className="checkout-section__title">
        {t('checkout.details.title')}
      </h2>
      <div className="checkout-car">
        {car.image ? (
          <img src={car.image} alt="" width={240} height={160} fetchPriority="high" className="checkout-car__image" />
        ) : null}
        <div>
          <p className="checkout-car__name">{car.name}</p>
          <p className="checkout-car__range">{t(`cars.range.${car.range}`)}</p>
          <SupplierLogo supplier={car.supplier} />
        </div>
      </div>
      {children}
      <dl className="checkout-summary">
        <div>
          <dt>{t('checkout.details.supplier')}</dt>
          <dd>{car.supplier.fullName}</dd>
        </div>
        <div>
          <dt>{t('checkout.details.pickupLocation')}</dt>
          <dd>{pickupPlace?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('checkout.details.dropoffLocation')}</dt>
          <dd>
            {dropoffPlace?.name ?? '—'}
            {error('dropoffLocationId')}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.details.pickupAt')}</dt>
          <dd>
            {when(criteria.pickupAt, pickupPlace?.timeZone)}
            {error('pickupAt')}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.details.dropoffAt')}</dt>
          <dd>
            {when(criteria.dropoffAt, dropoffPlace?.timeZone)}
            {error('dropoffAt')}
          </dd>
        </div>
        <div>
          <dt>{t('checkout.details.days')}</dt>
          <dd>{price ? t('checkout.details.dayCount', { count: price.rentalDays }) : '—'}</dd>
        </div>
      </dl>
      <details className="checkout-facts">
        <summary>{t('checkout.details.facts')}</summary>
        <CarFacts car={car} />
      </details>
    </section>
  );
}
