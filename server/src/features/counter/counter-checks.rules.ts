import type { CarRange, FuelType } from '@roam/contract/cars';
import { bodyOf, COUNTER_MESSAGES, isDamageZone, licenceIssues, readsBattery } from '@roam/contract/counter';
import type { CounterAdditionalDriver, DamageInput, FuelReading, LicenceCheck } from '@roam/contract/counter.schema';

// The counter's checks of what an operator or a customer sends (docs/architecture.md §5 "After the booking"), as
// field path → messages; pure. An empty answer: nothing to refuse.

export type FieldErrors = Record<string, string[]>;

const add = (errors: FieldErrors, field: string, message: string) => {
  errors[field] = [...(errors[field] ?? []), message];
};

export type Rental = {
  pickupAt: Date;
  pickupTimeZone: string;
  dropoffAt: Date;
  dropoffTimeZone: string;
  minimumAge: number;
};

/** The driver's licence and each additional driver's: valid to the drop-off, old enough for the car. */
export function driverIssues(
  licence: LicenceCheck,
  additionalDrivers: readonly CounterAdditionalDriver[],
  rental: Rental,
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of licenceIssues(licence, rental)) add(errors, `${prefix}licence.${issue.field}`, issue.message);
  additionalDrivers.forEach((other, index) => {
    for (const issue of licenceIssues(other, rental)) {
      add(errors, `${prefix}additionalDrivers.${index}.${issue.field}`, issue.message);
    }
  });
  return errors;
}

/** A fuel reading of the car's kind (battery % for an electric car, eighths otherwise). */
export function fuelIssues(fuel: FuelReading, fuelType: FuelType): FieldErrors {
  const battery = readsBattery(fuelType);
  return (fuel.kind === 'battery') === battery ? {} : { fuel: [COUNTER_MESSAGES.fuelReading] };
}

/** Damages at positions of the car's body, with photos uploaded for this booking. */
export function damageIssues(
  damages: readonly Pick<DamageInput, 'zone' | 'photoFileIds'>[],
  car: { range: CarRange; seats: number },
  bookingPhotos: ReadonlySet<string>,
): FieldErrors {
  const errors: FieldErrors = {};
  const body = bodyOf(car.range, car.seats);
  damages.forEach((damage, index) => {
    if (!isDamageZone(body, damage.zone)) add(errors, `damages.${index}.zone`, COUNTER_MESSAGES.unknownZone);
    if ((damage.photoFileIds ?? []).some((id) => !bookingPhotos.has(id))) {
      add(errors, `damages.${index}.photoFileIds`, COUNTER_MESSAGES.photoNotFound);
    }
  });
  return errors;
}

/** The ticked items are the supplier's. */
export function checklistIssues(ticked: readonly string[], items: readonly { id: string }[]): FieldErrors {
  const known = new Set(items.map((item) => item.id));
  return ticked.every((id) => known.has(id)) ? {} : { checklist: [COUNTER_MESSAGES.unknownChecklistItem] };
}

export const merged = (...all: FieldErrors[]): FieldErrors => Object.assign({}, ...all);
