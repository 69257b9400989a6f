import type { AvailabilityLabel, Car, CarPrice } from '@roam/contract/cars';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AvailabilityBadge, CarExtras, CarFacts, CarPriceSummary, SupplierLogo } from './car-facts';
import './car-card.css';

/** The picture of a car that has none (web/public). */
export const DEFAULT_CAR_IMAGE = '/car-default.svg';

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
        {/* A car without a photo shows the default picture (a file of the site's, no script): a gap looked broken.
            With one, its first photo at the size the screen needs (its srcset: 300 px wide at most, at 1× or 2×). */}
        <img
          src={car.image ?? DEFAULT_CAR_IMAGE}
          srcSet={car.photos[0]?.srcset}
          sizes="300px"
          alt=""
          width={300}
          height={200}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          className="car-card__image"
        />
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

const FACTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const EXTRAS = ['a', 'b', 'c', 'd', 'e', 'f'];

/**
 * A result's place while the search runs: a car card's parts as grey shapes, laid out by the
 * card's own CSS with a line of text in each (unseen), so that it has a card's size at every width.
 */
export function CarCardSkeleton() {
  const line = '\u00a0';
  return (
    <div className="car-card car-card--skeleton" aria-hidden="true">
      <div className="car-card__media">
        <div className="car-card__image skeleton" />
      </div>
      <div className="car-card__body">
        <div className="car-card__header">
          <div>
            <p className="car-card__name skeleton">{line}</p>
            <p className="car-card__range">
              <span className="skeleton">{line}</span>
            </p>
          </div>
          <span className="supplier-logo skeleton" />
        </div>
        <dl className="car-facts">
          {FACTS.map((key) => (
            <div key={key} className="car-facts__item">
              <dt className="skeleton">{line}</dt>
              <dd className="skeleton">{line}</dd>
            </div>
          ))}
        </dl>
        <ul className="car-extras">
          {EXTRAS.map((key) => (
            <li key={key} className="car-extras__item">
              <span className="skeleton">{line}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="car-card__aside">
        <span className="availability-badge skeleton">{line}</span>
        <p className="car-price">
          <span className="car-price__total skeleton">{line}</span>
        </p>
        <span className="button car-card__book skeleton">{line}</span>
      </div>
    </div>
  );
}
