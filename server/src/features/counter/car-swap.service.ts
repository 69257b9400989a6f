import { COUNTER_MESSAGES, swapAllowed } from '@roam/contract/counter';
import type { SwapCars } from '@roam/contract/counter.schema';
import { convertMinor } from '@roam/contract/money';
import { calculatePrice, EXTRAS, type Extra, PriceError, priceIn } from '@roam/contract/price';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuditChanges, cars } from '#server/db/schema.ts';
import { validationFailed } from '#server/lib/app-error.ts';
import { findCarForBooking } from '#server/lib/car-pricing.repository.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';

// The car swap at check-out (docs/architecture.md §5 "After the booking"): another of the supplier's cars at the
// pick-up place, of the same or a higher range, free for the booking's period and not on rent, with every extra the
// booking has — an upgrade, recorded. The price stays unless the operator re-prices it at the new car's rates (the
// booking's own currency rate), which is audited with the rest.

type Car = typeof cars.$inferSelect;
export type CheckedSwap = { car: Car; changes: AuditChanges };

const chosenExtras = (record: CounterRecord) =>
  Object.fromEntries(EXTRAS.map((extra) => [extra, record.booking[extra]])) as Record<Extra, boolean>;

/** The booking's total (its currency) at `carId`'s rates, or null when the car cannot carry its extras. */
async function repriced(db: DbOrTx, record: CounterRecord, carId: string) {
  const car = await findCarForBooking(db, carId);
  if (!car) return null;
  const { booking } = record;
  try {
    const breakdown = calculatePrice({
      car: { ...car.car, dateBasedPrices: car.dateBasedPrices },
      priceChangeRate: car.supplier.priceChangeRate,
      pickupAt: booking.pickupAt,
      dropoffAt: booking.dropoffAt,
      timeZone: record.pickup.timeZone,
      extras: chosenExtras(record),
      // The places' fees stay the booking's: a swap changes the car, not the times nor the places.
      placeFees: booking.terms.placeFees,
    });
    const convert = (eur: number) => convertMinor(eur, booking.rate, booking.currency);
    const inCurrency = priceIn(breakdown, convert);
    return {
      price: breakdown.total,
      deposit: breakdown.deposit,
      totalAmount: inCurrency.total,
      depositAmount: convert(breakdown.deposit),
    };
  } catch (error) {
    if (error instanceof PriceError) return null;
    throw error;
  }
}

/** The cars the booking may be swapped to, with the total a re-price would give. */
export async function swapCandidates(ctx: AppContext, record: CounterRecord): Promise<SwapCars> {
  const { booking } = record;
  const cars = (
    await repository.carsAtPlace(ctx.db, booking.supplierId, booking.pickupLocationId, booking.carId)
  ).filter((car) => swapAllowed(record.car.range, car.range));
  const taken = await repository.carsTaken(
    ctx.db,
    cars.map((car) => car.id),
    booking.id,
    booking.pickupAt,
    booking.dropoffAt,
    ctx.clock.now(),
  );
  const results: SwapCars['results'] = [];
  for (const car of cars) {
    if (taken.has(car.id)) continue;
    const price = await repriced(ctx.db, record, car.id);
    if (!price) continue;
    results.push({
      _id: car.id,
      name: car.name,
      licensePlate: car.licensePlate,
      range: car.range,
      image: car.imageFileId ? `/api/files/${car.imageFileId}` : null,
      repricedTotal: price.totalAmount,
    });
  }
  return { results };
}

/** The swap asked for, checked in the check-out's transaction; 400 on the `swap` field when it is refused. */
export async function checkedSwap(tx: DbOrTx, record: CounterRecord, carId: string, now: Date): Promise<CheckedSwap> {
  const refuse = (message: string) => validationFailed({ 'swap.carId': [message] });
  const { booking } = record;
  const candidates = await repository.carsAtPlace(tx, booking.supplierId, booking.pickupLocationId, booking.carId);
  const car = candidates.find((candidate) => candidate.id === carId);
  if (!car) throw refuse(COUNTER_MESSAGES.swapUnavailable);
  if (!swapAllowed(record.car.range, car.range)) throw refuse(COUNTER_MESSAGES.swapRange);
  const taken = await repository.carsTaken(tx, [car.id], booking.id, booking.pickupAt, booking.dropoffAt, now);
  if (taken.has(car.id) || !(await repriced(tx, record, car.id))) throw refuse(COUNTER_MESSAGES.swapUnavailable);
  return {
    car,
    changes: { car: { before: { _id: record.car.id, name: record.car.name }, after: { _id: car.id, name: car.name } } },
  };
}

/** The booking's new values for the swap; re-priced at the new car's rates when asked (the changes audited). */
export async function swapValues(
  _ctx: AppContext,
  tx: DbOrTx,
  record: CounterRecord,
  swap: CheckedSwap,
  reprice: boolean,
) {
  const { booking } = record;
  const base = {
    carId: swap.car.id,
    swappedFromCarId: booking.swappedFromCarId ?? booking.carId,
    swapRepriced: reprice,
  };
  if (!reprice) return base;
  const price = await repriced(tx, record, swap.car.id);
  if (!price) return base;
  swap.changes.totalAmount = { before: booking.totalAmount, after: price.totalAmount };
  swap.changes.depositAmount = { before: booking.depositAmount, after: price.depositAmount };
  return { ...base, ...price };
}
