import type { CarSearchResult } from '@roam/contract/cars';
import { formatMinor } from '@roam/contract/money';
import { type OpeningHours, placeFeesOf } from '@roam/contract/opening-hours';
import { type ChosenExtras, calculatePrice, EXTRAS, type Extra, type PriceInput } from '@roam/contract/price';
import { type PromoDiscount, promoLine } from '@roam/contract/promo-codes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useExtraLabel } from '#web/ui/car-facts';
import { CheckboxField, TextField } from '#web/ui/form-field';

// The chosen car's extras at the desk, each with its price, and the total as the customer will pay it — computed by
// the contract's one price function (`calculatePrice`, as the customer's checkout and the server do) from the car
// the search sent, so that the figure said at the counter is the one charged. The additional driver's details are
// asked when that extra is chosen, as at checkout, with their licence as the check-out reads it (kept on the booking,
// the check-out starts from it; it may be left for the check-out).

export type SecondDriver = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  licenseNumber: string;
  licenseCountry: string;
  licenseExpiresOn: string;
};
export const NO_SECOND_DRIVER: SecondDriver = {
  fullName: '',
  email: '',
  phone: '',
  birthDate: '',
  licenseNumber: '',
  licenseCountry: '',
  licenseExpiresOn: '',
};
const LICENCE_FIELDS = [
  ['licenseNumber', 'text'],
  ['licenseCountry', 'text'],
  ['licenseExpiresOn', 'date'],
] as const;

/** The walk-in's body of the additional driver: the licence when any of its fields is typed (the server checks it). */
export function secondDriverBody({ licenseNumber, licenseCountry, licenseExpiresOn, ...person }: SecondDriver) {
  const licence = { licenseNumber, licenseCountry, licenseExpiresOn };
  return Object.values(licence).some((value) => value.trim() !== '') ? { ...person, licence } : person;
}
const PERSON_FIELDS = [
  ['fullName', 'text'],
  ['email', 'email'],
  ['phone', 'tel'],
  ['birthDate', 'date'],
] as const;

/** The extras the car sells (a price above 0): an included one (0) needs no choice, an unavailable one (−1) none. */
export const extrasOf = (car: CarSearchResult) => EXTRAS.filter((extra) => car[extra] > 0);

/**
 * The price of the car with the extras over the period at the place, the key box's fee at an end after hours, the
 * business's own extras and fees by rule (walk-in-offer.tsx), less the promo code applied (each its own line, as the
 * server prices them); null while the period cannot be priced.
 */
export function deskPrice(
  car: CarSearchResult,
  when: { pickupAt: string; dropoffAt: string },
  place: { timeZone: string; openingHours: OpeningHours | null },
  extras: ChosenExtras,
  promo: PromoDiscount | null = null,
  offer: Pick<PriceInput, 'catalogueExtras' | 'rentalFees'> = {},
) {
  try {
    const pickupAt = new Date(when.pickupAt);
    const dropoffAt = new Date(when.dropoffAt);
    const { timeZone, openingHours } = place;
    return calculatePrice({
      car,
      priceChangeRate: car.supplier.priceChangeRate,
      pickupAt,
      dropoffAt,
      timeZone,
      extras,
      placeFees: placeFeesOf({ openingHours, timeZone, at: pickupAt }, { openingHours, timeZone, at: dropoffAt }),
      ...offer,
      ...(promo && { discount: promoLine(promo) }),
    });
  } catch {
    return null;
  }
}

export function CarExtras({
  car,
  total,
  extras,
  onExtras,
  second,
  onSecond,
  errors,
  catalogue,
  lines,
  children,
}: {
  car: CarSearchResult;
  total: number | null;
  /** After the spec's extras: the business's own (walk-in-offer.tsx). */
  catalogue?: ReactNode;
  /** Before the total: every line of the price. */
  lines?: ReactNode;
  /** Before the total: the promo code's field and line (walk-in-promo.tsx). */
  children?: ReactNode;
  extras: ChosenExtras;
  onExtras: (extras: ChosenExtras) => void;
  second: SecondDriver;
  onSecond: (second: SecondDriver) => void;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const extraLabel = useExtraLabel(car.supplier.priceChangeRate, (amount) => formatMinor(amount, 'EUR', language));
  const toggle = (extra: Extra) => (checked: boolean) => onExtras({ ...extras, [extra]: checked });
  return (
    <>
      <fieldset className="walk-in__group">
        <legend>{t('cars.extrasTitle')}</legend>
        {extrasOf(car).map((extra) => (
          <CheckboxField
            key={extra}
            name={extra}
            label={t(`cars.extra.${extra}`)}
            // Its price as the customer pays it, so the desk can say it before booking.
            description={extraLabel(extra, car[extra])}
            value={extras[extra] === true}
            onChange={toggle(extra)}
          />
        ))}
      </fieldset>
      {catalogue}
      {extras.additionalDriver ? (
        <fieldset className="walk-in__group">
          <legend>{t('operatorWalkIn.additionalDriver')}</legend>
          {PERSON_FIELDS.map(([field, type]) => (
            <TextField
              key={field}
              label={t(`operatorWalkIn.${field}`)}
              name={`additionalDriver.${field}`}
              type={type}
              autoComplete="off"
              value={second[field]}
              onChange={(value) => onSecond({ ...second, [field]: value })}
              error={errors[`additionalDriver.${field}`]}
              required
            />
          ))}
          {LICENCE_FIELDS.map(([field, type]) => (
            <TextField
              key={field}
              label={t(`checkIn.licence.${field}`)}
              name={`additionalDriver.licence.${field}`}
              type={type}
              autoComplete="off"
              spellCheck={false}
              value={second[field]}
              onChange={(value) => onSecond({ ...second, [field]: value })}
              error={errors[`additionalDriver.licence.${field}`]}
              {...(field === 'licenseCountry' ? { description: t('checkIn.licence.countryHint'), maxLength: 2 } : {})}
            />
          ))}
        </fieldset>
      ) : null}
      {children}
      {lines}
      {/* Read out as it changes: the desk says the new total while ticking extras. */}
      <p className="walk-in__total" role="status">
        {total === null ? null : t('operatorWalkIn.total', { total: formatMinor(total, 'EUR', language) })}
      </p>
    </>
  );
}
