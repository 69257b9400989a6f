import type { AvailabilityLabel, Car } from '@roam/contract/cars';
import { type CarFact, carFacts } from '@roam/contract/cars';
import type { Extra } from '@roam/contract/price';
import { EXTRAS, extraState, FLAT_EXTRAS, withPriceChange } from '@roam/contract/price';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '#web/i18n';
import { useMoney } from '#web/lib/use-money';
import './car-card.css';

// The pieces of a car card, each usable alone (checkout shows the same facts, extras and supplier).

function kilometres(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilometer' }).format(value);
}

/**
 * Fuel type, gearbox, seats, doors, air conditioning, mileage, fuel policy and security deposit (spec §1, §3): those
 * that apply to the vehicle (contract `carFacts`: no doors on a scooter, no fuel policy for an electric one).
 */
export function CarFacts({ car }: { car: Car }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useLanguage();
  const value: Record<CarFact, () => string> = {
    fuelType: () => t(`cars.fuelType.${car.fuelType}`),
    gearbox: () => t(`cars.gearbox.${car.gearbox}`),
    seats: () => String(car.seats),
    doors: () => String(car.doors),
    aircon: () => (car.aircon ? t('cars.yes') : t('cars.no')),
    // The kilometres a day, and what one over costs at the return (docs/architecture.md §5 "After the booking").
    mileage: () => {
      if (car.mileage < 0) return t('cars.unlimited');
      const km = kilometres(car.mileage, localeTag(language));
      return car.pricePerExtraKm === null
        ? km
        : t('cars.mileageThen', { km, price: money.format(car.pricePerExtraKm) });
    },
    fuelPolicy: () => t(`cars.fuelPolicy.${car.fuelPolicy}`),
    deposit: () => money.format(car.deposit),
  };
  const facts = carFacts(car).map((fact): [string, string] => [t(`cars.fact.${fact}`), value[fact]()]);
  return (
    <dl className="car-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="car-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const FLAT = new Set<Extra>(FLAT_EXTRAS);

/**
 * What an extra costs, as the card shows it: unavailable, included, '+ price (daily)' or '+ price' (spec §9) — the
 * supplier's percentage in it, so that the label × the days is the line checkout charges (docs/architecture.md §5).
 */
export function useExtraLabel(priceChangeRate: number, format?: (amountEUR: number) => string) {
  const { t } = useTranslation();
  const money = useMoney();
  return (extra: Extra, value: number): string => {
    const state = extraState(value);
    if (state !== 'priced') return t(`cars.extraState.${state}`);
    const price = (format ?? money.format)(withPriceChange(value, priceChangeRate));
    return FLAT.has(extra) ? t('cars.extraState.flat', { price }) : t('cars.extraState.daily', { price });
  };
}

/** Every extra of the car with its state (spec §1 "extras"). */
export function CarExtras({ car }: { car: Car }) {
  const { t } = useTranslation();
  const label = useExtraLabel(car.supplier.priceChangeRate);
  return (
    <ul className="car-extras" aria-label={t('cars.extrasTitle')}>
      {EXTRAS.map((extra) => (
        <li key={extra} className={`car-extras__item car-extras__item--${extraState(car[extra])}`}>
          <span>{t(`cars.extra.${extra}`)}</span> <span className="car-extras__value">{label(extra, car[extra])}</span>
        </li>
      ))}
    </ul>
  );
}

/** The spec §3 availability label as a badge. */
export function AvailabilityBadge({ availability }: { availability: AvailabilityLabel }) {
  const { t } = useTranslation();
  return (
    <span className={`availability-badge availability-badge--${availability}`}>
      {t(`cars.availability.${availability}`)}
    </span>
  );
}

/** The supplier's logo (60x30, spec §9) with its name as the text alternative. */
export function SupplierLogo({ supplier }: { supplier: Car['supplier'] }) {
  const { t } = useTranslation();
  return supplier.logo ? (
    <img
      className="supplier-logo"
      src={supplier.logo}
      alt={t('cars.supplierLogo', { name: supplier.fullName })}
      width={60}
      height={30}
      loading="lazy"
    />
  ) : (
    <span className="supplier-logo supplier-logo--text">{supplier.fullName}</span>
  );
}

/** Total for the period and price per day in the display currency. */
export function CarPriceSummary({ total, perDay, rentalDays }: { total: number; perDay: number; rentalDays: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <p className="car-price">
      <span className="car-price__label">{t('cars.priceFor', { count: rentalDays })}</span>
      <span className="car-price__total">{money.format(total)}</span>
      <span className="car-price__per-day">{t('cars.perDay', { price: money.format(perDay) })}</span>
    </p>
  );
}
