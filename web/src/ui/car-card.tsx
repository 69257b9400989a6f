import type { Car, CarPrice } from '@roam/contract/cars';
import type { AvailabilityLabel } from '@roam/contract/enums';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvailabilityBadge, CarExtras, CarFacts, CarPriceSummary, SupplierLogo } from './car-facts';
import './car-card.css';

export interface CarCardProps {
  car: Car;
  price: CarPrice;
  availability: AvailabilityLabel;
  /** Where 'Book' leads (checkout with the criteria); no button when null (the car cannot be booked). */
  bookHref: string | null;
  /** The first result: its picture is the largest paint of the first screen, so it loads at once, first. */
  first?: boolean;
}

/** A search result (spec §1 "see for each car"): picture, supplier, facts, extras, price and 'Book'. */
export function CarCard({ car, price, availability, bookHref, first = false }: CarCardProps) {
  const { t } = useTranslation();
  const headingId = `car-${car._id}`;
  return (
    <article className="car-card" aria-labelledby={headingId}>
      <div className="car-card__media">
        {car.image ? (
          <img
            src={car.image}
            alt=""
            width={300}
            height={200}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            className="car-card__image"
          />
        ) : null}
      </div>
      <div className="car-card__body">
        <header className="car-card__header">
          <div>
            <h2 id={headingId} className="car-card__name">
              {car.name}
            </h2>
            <p className="car-card__range">
              {t(`cars.range.${car.range}`)}
              {car.rating !== null ? ` · ${t('cars.rating', { rating: car.rating })}` : ''}
            </p>
          </div>
          <SupplierLogo supplier={car.supplier} />
        </header>
        <CarFacts car={car} />
        <CarExtras car={car} />
      </div>
      <div className="car-card__aside">
        <AvailabilityBadge availability={availability} />
        <CarPriceSummary {...price} />
        {bookHref ? (
          <Link
            className="button button--accent car-card__book"
            to={bookHref}
            aria-label={t('cars.bookCar', { name: car.name })}
          >
            {t('cars.book')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}
