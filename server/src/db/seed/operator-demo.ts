import { calculatePrice } from '@roam/contract/price';
import { zonedToInstant } from '@roam/contract/time';
import type { bookings } from '../schema.ts';
import { DEMO_ACCOUNTS, SUPPLIERS } from './accounts.ts';
import { FEATURED_CARS } from './featured-cars.ts';
import { carId, type Fleet } from './fleet.ts';
import { type CountryCode, LOCATIONS, locationId } from './places.ts';
import { Random, seedId, seedReference } from './random.ts';

// What an operator needs to try the console: a licence plate on every demo car, in the style of the
// country it is rented in, and on two of the demo supplier's cars a blocked period and a cancellation request each.
// Plates come from a stream of their own (the fleet's values do not move); the bookings' days count from the day the
// demo data is loaded, so they are always ahead.

const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
const CONSONANTS = 'BCDFGHJKLMNPRSTVWXYZ';
const GERMAN_CITIES = ['B', 'M', 'F', 'HH', 'K', 'S'];

function plateIn(country: CountryCode, rng: Random): string {
  const letters = (n: number, from = LETTERS) => Array.from({ length: n }, () => rng.pick([...from])).join('');
  const digits = (n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join('');
  switch (country) {
    case 'FR':
      return `${letters(2)}-${digits(3)}-${letters(2)}`;
    case 'ES':
      return `${digits(4)} ${letters(3, CONSONANTS)}`;
    case 'MA':
      return `${rng.int(10000, 99999)}-${letters(1)}-${rng.int(1, 89)}`;
    case 'DE':
      return `${rng.pick(GERMAN_CITIES)}-${letters(2)} ${rng.int(1, 9999)}`;
    case 'SE':
      return `${letters(3)} ${digits(3)}`;
    case 'GB':
      return `${letters(2)}${digits(2)} ${letters(3)}`;
  }
}

/** A plate for each car, in the style of the country of its first place, unique within its supplier's fleet. */
export function platesFor(fleet: Fleet): Map<string, string> {
  const rng = new Random(7_242_023);
  const firstPlace = new Map<string, string>();
  for (const entry of fleet.carLocations)
    if (!firstPlace.has(entry.carId)) firstPlace.set(entry.carId, entry.locationId);
  const taken = new Set<string>();
  const plates = new Map<string, string>();
  for (const car of fleet.cars) {
    const place = LOCATIONS.find((location) => locationId(location.key) === firstPlace.get(car.id!));
    let plate = plateIn(place?.country ?? 'FR', rng);
    while (taken.has(`${car.supplierId}:${plate}`)) plate = plateIn(place?.country ?? 'FR', rng);
    taken.add(`${car.supplierId}:${plate}`);
    plates.set(car.id!, plate);
  }
  return plates;
}

const DAY = 24 * 3600_000;
type BookingRow = typeof bookings.$inferInsert;

/**
 * Two blocked periods (maintenance in three days, private use in twelve) and two bookings of the second demo driver
 * with an open cancellation request (pay later, and paid online by the demo gateway), on four bookable cars of the
 * demo supplier that are not among the featured ones tests and demos rely on.
 */
export function operatorBookings(fleet: Fleet, now: Date): BookingRow[] {
  const azur = SUPPLIERS.find((supplier) => supplier.key === 'azurCoast')!;
  const placeOf = (carId: string) => {
    const id = fleet.carLocations.find((entry) => entry.carId === carId)!.locationId;
    return { id, timeZone: LOCATIONS.find((location) => locationId(location.key) === id)!.timeZone };
  };
  const featured = new Set(Object.keys(FEATURED_CARS).map(carId));
  const bookable = fleet.cars.filter(
    (car) =>
      car.supplierId === azur.id &&
      !featured.has(car.id!) &&
      !car.isDateBasedPrice &&
      car.available !== false &&
      !car.comingSoon &&
      !car.fullyBooked,
  );
  // The paid one without cancellation cover: its approval keeps a fee, which the queue shows.
  const paidCar = bookable.find((car) => car.cancellation !== 0);
  const [maintained, privateUse, laterCar] = bookable.filter((car) => car !== paidCar);
  if (!maintained || !privateUse || !laterCar || !paidCar) throw new Error('the demo supplier has too few cars');
  const at = (carId: string, days: number, time: string) => {
    const date = new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);
    return zonedToInstant({ date, time }, placeOf(carId).timeZone);
  };
  const common = (carId: string) => ({
    carId,
    supplierId: azur.id,
    pickupLocationId: placeOf(carId).id,
    dropoffLocationId: placeOf(carId).id,
    currency: 'EUR',
  });
  const block = (
    key: string,
    carId: string,
    from: [number, string],
    to: [number, string],
    reason: 'maintenance' | 'privateUse',
    note: string,
  ): BookingRow => ({
    ...common(carId),
    id: seedId(`booking:${key}`),
    reference: seedReference(`booking:${key}`),
    kind: 'block',
    blockReason: reason,
    blockNote: note,
    driverId: azur.id,
    pickupAt: at(carId, ...from),
    dropoffAt: at(carId, ...to),
    status: 'reserved',
    blocksCar: true,
    paymentOption: 'payLater',
    price: 0,
    deposit: 0,
    payNow: 0,
    chargedAmount: 0,
  });
  const request = (key: string, car: Fleet['cars'][number], days: number, paid: boolean): BookingRow => {
    const pickupAt = at(car.id!, days, '10:00');
    const dropoffAt = at(car.id!, days + 3, '10:00');
    const { total, deposit } = calculatePrice({
      car: { ...car, isDateBasedPrice: false, dateBasedPrices: [] },
      priceChangeRate: azur.priceChangeRate,
      pickupAt,
      dropoffAt,
      timeZone: placeOf(car.id!).timeZone,
    });
    return {
      ...common(car.id!),
      id: seedId(`booking:${key}`),
      reference: seedReference(`booking:${key}`),
      driverId: DEMO_ACCOUNTS.driver2.id,
      pickupAt,
      dropoffAt,
      status: paid ? 'paid' : 'pending',
      blocksCar: true,
      paymentOption: paid ? 'full' : 'payLater',
      price: total,
      deposit,
      // In euros at rate 1: the amounts in the booking's currency are the base amounts.
      totalAmount: total,
      depositAmount: deposit,
      payNow: paid ? total : 0,
      chargedAmount: paid ? total : 0,
      ...(paid
        ? {
            paymentProvider: 'demo' as const,
            paymentReference: `demo_${seedId(`booking:${key}`)}`,
            paidAt: new Date(now.getTime() - 2 * DAY),
          }
        : {}),
      cancelRequest: true,
      cancelRequestedAt: new Date(now.getTime() - 3600_000),
    };
  };
  return [
    block('demoMaintenance', maintained.id!, [3, '08:00'], [5, '18:00'], 'maintenance', 'Annual service and new tyres'),
    block('demoPrivateUse', privateUse.id!, [12, '09:00'], [14, '19:00'], 'privateUse', 'Staff trip to the Var'),
    request('demoCancelLater', laterCar, 9, false),
    request('demoCancelPaid', paidCar, 2, true),
  ];
}
