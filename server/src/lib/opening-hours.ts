import { closedMessageAt, type OpeningHours, placeFeesOf } from '@roam/contract/opening-hours';
import type { PlaceFees } from '@roam/contract/price';
import { type RentalPeriodIssue, validateRentalPeriod } from '@roam/contract/time';
import { throwPeriodIssues } from './booking-rules.ts';

// The rental period rules with each place's own opening hours (contract opening-hours.ts), one way for search,
// checkout (and so the walk-in), and the amendment quote: a place with hours judges its own times and its refusal
// names that day's hours; a place without keeps the booking rules' site-wide hours.

export type PlaceWithHours = { timeZone: string; openingHours: OpeningHours | null };

type Period = Omit<Parameters<typeof validateRentalPeriod>[0], 'pickupTimeZone' | 'dropoffTimeZone' | 'ownHours'> & {
  pickupPlace: PlaceWithHours;
  dropoffPlace: PlaceWithHours;
};

/** The spec §5 issues of the period (site-wide hours only where a place has none), and the places' refusals. */
export function periodRefusals(period: Period): {
  issues: RentalPeriodIssue[];
  refusals: Partial<Record<'pickupAt' | 'dropoffAt', string>>;
} {
  const { pickupPlace, dropoffPlace, ...rest } = period;
  const issues = validateRentalPeriod({
    ...rest,
    pickupTimeZone: pickupPlace.timeZone,
    dropoffTimeZone: dropoffPlace.timeZone,
    ownHours: { pickup: pickupPlace.openingHours !== null, dropoff: dropoffPlace.openingHours !== null },
  });
  const refusal = (place: PlaceWithHours, at: Date) =>
    (place.openingHours && closedMessageAt(place.openingHours, at, place.timeZone)) ?? undefined;
  const pickupAt = refusal(pickupPlace, period.pickupAt);
  const dropoffAt = refusal(dropoffPlace, period.dropoffAt);
  return { issues, refusals: { ...(pickupAt && { pickupAt }), ...(dropoffAt && { dropoffAt }) } };
}

/** Every rule of the period, or a 400 with each field's messages. */
export function checkPeriod(period: Period): void {
  const { issues, refusals } = periodRefusals(period);
  throwPeriodIssues(issues, refusals);
}

/** The key box's fees the rental pays at its places (contract placeFeesOf): checkout, walk-in and a change. */
export function rentalPlaceFees(period: {
  pickupPlace: PlaceWithHours;
  dropoffPlace: PlaceWithHours;
  pickupAt: Date;
  dropoffAt: Date;
}): PlaceFees {
  return placeFeesOf({ ...period.pickupPlace, at: period.pickupAt }, { ...period.dropoffPlace, at: period.dropoffAt });
}
