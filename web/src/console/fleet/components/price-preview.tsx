import { BASE_CURRENCY } from '@roam/contract/currencies';
import { formatMinor } from '@roam/contract/money';
import { type CarPricing, calculatePrice, RATE_FIELDS } from '@roam/contract/price';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useLocations } from '#web/lib/locations';
import { SelectField, TextField } from '#web/ui/form-field';
import { type CarFormValues, carBody, periodsOf } from '#web/console/lib/car-form';

const DAY = 24 * 3600_000;

/** The car's rates as the price engine takes them; null until the daily price is a valid amount. */
function pricingOf(values: CarFormValues): CarPricing | null {
  const body = carBody(values);
  const valid = (amount: number | null | undefined) => (Number.isInteger(amount) && (amount ?? 0) > 0 ? amount : null);
  if (!valid(body.dailyPrice)) return null;
  const rates = Object.fromEntries(
    RATE_FIELDS.filter((rate) => rate !== 'dailyPrice').map((rate) => [rate, valid(body[rate])]),
  );
  return {
    ...rates,
    dailyPrice: body.dailyPrice,
    isDateBasedPrice: values.isDateBasedPrice,
    dateBasedPrices: periodsOf(body),
    deposit: Number.isInteger(body.deposit) ? body.deposit : 0,
    // No extra is chosen in the preview, as in a search result.
    cancellation: -1,
    amendments: -1,
    theftProtection: -1,
    collisionDamageWaiver: -1,
    fullInsurance: -1,
    additionalDriver: -1,
  };
}

/**
 * What a driver pays for a sample rental of the car as edited: the contract's `calculatePrice`, the
 * engine checkout charges with, for the period at one of the car's places (whose time zone places date-based days),
 * the supplier's percentage included, no extra chosen — the price a search at that place shows.
 */
export function PricePreview({ values, priceChangeRate }: { values: CarFormValues; priceChangeRate: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const locations = useLocations();
  const places = (locations.data ?? []).filter((place) => values.locationIds.includes(place._id));
  const [placeId, setPlaceId] = useState('');
  const place = places.find((candidate) => candidate._id === placeId) ?? places[0];
  const timeZone = place?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [period, setPeriod] = useState(() => {
    const start = instantToZoned(new Date(Date.now() + DAY), timeZone);
    const end = instantToZoned(new Date(Date.now() + 4 * DAY), timeZone);
    return { pickupDate: start.date, pickupTime: '10:00', dropoffDate: end.date, dropoffTime: '10:00' };
  });
  const set = (key: keyof typeof period) => (value: string) => setPeriod((current) => ({ ...current, [key]: value }));

  const pricing = pricingOf(values);
  const pickupAt = zonedToInstant({ date: period.pickupDate, time: period.pickupTime }, timeZone);
  const dropoffAt = zonedToInstant({ date: period.dropoffDate, time: period.dropoffTime }, timeZone);
  let result: { total: number; rentalDays: number } | 'noPrice' | 'badPeriod' = 'noPrice';
  if (pricing) {
    try {
      result = calculatePrice({ car: pricing, priceChangeRate, pickupAt, dropoffAt, timeZone });
    } catch {
      result = 'badPeriod';
    }
  }

  return (
    <section className="op-section op-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="op-section__title">
        {t('operatorCars.preview.title')}
      </h2>
      <p className="op-section__hint">{t('operatorCars.preview.hint')}</p>
      <div className="form-grid">
        {places.length > 1 ? (
          <SelectField
            label={t('operatorCars.preview.place')}
            name="previewPlace"
            value={place?._id ?? ''}
            onChange={setPlaceId}
          >
            {places.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {candidate.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextField
          label={t('operatorCars.preview.pickupDate')}
          name="previewPickupDate"
          type="date"
          value={period.pickupDate}
          onChange={set('pickupDate')}
        />
        <TextField
          label={t('operatorCars.preview.pickupTime')}
          name="previewPickupTime"
          type="time"
          value={period.pickupTime}
          onChange={set('pickupTime')}
        />
        <TextField
          label={t('operatorCars.preview.dropoffDate')}
          name="previewDropoffDate"
          type="date"
          value={period.dropoffDate}
          onChange={set('dropoffDate')}
        />
        <TextField
          label={t('operatorCars.preview.dropoffTime')}
          name="previewDropoffTime"
          type="time"
          value={period.dropoffTime}
          onChange={set('dropoffTime')}
        />
      </div>
      <output className="op-preview__result" aria-live="polite" htmlFor={undefined}>
        {result === 'noPrice' ? (
          t('operatorCars.preview.noPrice')
        ) : result === 'badPeriod' ? (
          t('operatorCars.preview.badPeriod')
        ) : (
          <span className="car-price">
            <span className="car-price__label">{t('cars.priceFor', { count: result.rentalDays })}</span>{' '}
            <strong className="car-price__total">{formatMinor(result.total, BASE_CURRENCY, language)}</strong>{' '}
            <span className="car-price__per-day">
              {t('cars.perDay', {
                price: formatMinor(Math.round(result.total / result.rentalDays), BASE_CURRENCY, language),
              })}
            </span>
          </span>
        )}
      </output>
      {place ? (
        <p className="op-section__hint">{t('operatorCars.preview.timeZone', { place: place.name, timeZone })}</p>
      ) : null}
    </section>
  );
}
