import { EXTRAS, RATE_FIELDS } from '@roam/contract/price';
import type { TFunction } from 'i18next';

// A history names each changed field as the editor labels it, in the reader's language: the editor's
// own keys (car editor, image, blocked period), never a second copy of its words; a booking's fields by the history's
// own labels. The keys are the fields the server audits (contract audit-fields.ts); a field without a label shows
// its key.

/** A booking's audited fields that the car editor has no label for. */
const BOOKING_FIELDS = [
  'pickupAt',
  'dropoffAt',
  'pickupLocationId',
  'dropoffLocationId',
  'additionalDriverDetails',
  'price',
  'totalAmount',
  'status',
  'cancelRequest',
  'refund',
  'charge',
  'message',
  'paymentOption',
  'payment',
  'checkedInAt',
  'agreement',
  'odometer',
  'charges',
  'waived',
  'due',
  'excess',
  'settled',
] as const;
const LABELS: Record<string, (t: TFunction) => string> = {
  supplierId: (t) => t('operatorCars.fields.supplier'),
  name: (t) => t('operatorCars.fields.name'),
  licensePlate: (t) => t('operatorCars.fields.licensePlate'),
  range: (t) => t('operatorCars.fields.range'),
  fuelType: (t) => t('operatorCars.fields.fuelType'),
  gearbox: (t) => t('operatorCars.fields.gearbox'),
  seats: (t) => t('operatorCars.fields.seats'),
  doors: (t) => t('operatorCars.fields.doors'),
  aircon: (t) => t('cars.fact.aircon'),
  mileage: (t) => t('operatorCars.fields.mileage'),
  fuelPolicy: (t) => t('operatorCars.fields.fuelPolicy'),
  multimedia: (t) => t('operatorCars.fields.options'),
  deposit: (t) => t('operatorCars.fields.deposit'),
  minimumAge: (t) => t('operatorCars.fields.minimumAge'),
  co2: (t) => t('operatorCars.fields.co2'),
  locationIds: (t) => t('operatorCars.fields.places'),
  isDateBasedPrice: (t) => t('operatorCars.fields.isDateBasedPrice'),
  dateBasedPrices: (t) => t('operatorCars.sections.datePrices'),
  availability: (t) => t('operatorCars.fields.availability'),
  fullyBooked: (t) => t('operatorCars.fields.fullyBooked'),
  image: (t) => t('operatorCars.image.title'),
  // A car's photos: how many, and their order ("1, 2, 3" → "3, 1, 2").
  photos: (t) => t('operatorCars.photos.count'),
  order: (t) => t('operatorCars.photos.order'),
  // A blocked period's.
  startAt: (t) => t('operatorCars.blocks.startDate'),
  endAt: (t) => t('operatorCars.blocks.endDate'),
  reason: (t) => t('operatorCars.blocks.reason'),
  note: (t) => t('operatorCars.blocks.note'),
  // A booking's (its changes, its cancellation and refund, a request decided, a walk-in).
  ...Object.fromEntries(
    BOOKING_FIELDS.map((field) => [field, (t: TFunction) => t(`operatorCars.history.fields.${field}`)]),
  ),
  ...Object.fromEntries(RATE_FIELDS.map((rate) => [rate, (t: TFunction) => t(`operatorCars.rates.${rate}`)])),
  ...Object.fromEntries(EXTRAS.map((extra) => [extra, (t: TFunction) => t(`cars.extra.${extra}`)])),
};

/** The editor's label of an audited field, in the interface language; the field's key when it has none. */
export function fieldLabel(t: TFunction, field: string): string {
  return Object.hasOwn(LABELS, field) ? (LABELS[field] as (t: TFunction) => string)(t) : field;
}
