import { bookingAmounts } from '@roam/contract/bookings';
import {
  bodyOf,
  type CounterAction,
  canTransition,
  chargesTotal,
  checkOutOpensAt,
  isOverdue,
  laterChargesUntil,
  noShowFrom,
  takesDeskDeposit,
} from '@roam/contract/counter';
import type { CounterBooking, CounterSettings } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { EXTRAS, type Extra } from '@roam/contract/price';
import { rentalDays } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { chargeableCard } from '#server/features/holds/saved-card.service.ts';
import { balanceFrom, ledgerOf } from '#server/features/ledger/ledger.service.ts';
import {
  knownDriversOf,
  nameIn,
  timelineStep,
  toCharge,
  toDamage,
  toDocument,
  toInspection,
} from './counter.mapper.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';
import { carRulesOf, counterSettingsFor, rulesOfCar } from './counter-settings.service.ts';
import { balanceGateway, linkable, paidAtDesk, takesPayment, toCounterBalance } from './settlement.rules.ts';

// The counter's view of a booking (`GET /api/counter-booking/{id}`): everything the check-out and return screens show
// and the actions open now, decided here so that a screen offers only what the server accepts.

/** The extras the booking has: bought, or included in the car's price (spec §3: 0). */
export const extrasOf = (record: CounterRecord): Extra[] =>
  EXTRAS.filter((extra) => record.booking[extra] || record.car[extra] === 0);

/** When check-out opens and a no-show may be recorded, by the supplier's settings. */
export function counterTimes(
  record: CounterRecord,
  settings: Pick<CounterSettings, 'earlyCheckOutHours' | 'noShowGraceMinutes'>,
) {
  return {
    checkOutOpensAt: checkOutOpensAt(record.booking.pickupAt, record.pickup.timeZone, settings.earlyCheckOutHours),
    noShowFrom: noShowFrom(record.booking.pickupAt, settings.noShowGraceMinutes),
  };
}

export async function counterView(
  ctx: AppContext,
  record: CounterRecord,
  language: Language,
  db: DbOrTx = ctx.db,
): Promise<CounterBooking> {
  const { booking, car } = record;
  const now = ctx.clock.now();
  const [settings, inspections, damages, charges, documents, trail, swappedFrom, carRules, ledger, card] =
    await readTogether(db, [
      () => counterSettingsFor(db, booking.supplierId),
      () => repository.inspectionsOf(db, booking.id),
      () => repository.damagesFor(db, booking.carId, booking.id),
      () => repository.chargesOf(db, booking.id),
      () => repository.documentsOf(db, booking.id),
      () => repository.bookingTrail(db, booking.id),
      () => (booking.swappedFromCarId ? repository.carName(db, booking.swappedFromCarId) : null),
      () => carRulesOf(db, booking.carId),
      // What was paid and is due: the ledger's (docs/decisions/0009-the-money-ledger.md).
      () => ledgerOf(ctx, db, booking.id),
      () => chargeableCard(ctx, db, booking.id),
    ]);
  const savedCard = card !== null;
  // The booking's amounts as every screen states them; the settlement's balance adds the charges not waived.
  const balance = balanceFrom(booking, ledger);
  const chargesDue = chargesTotal(
    charges.map(({ charge }) => ({ amount: charge.amount, waivedAt: charge.waivedAt ? 'waived' : null })),
  );
  const settled = balanceFrom({ ...booking, charges: chargesDue }, ledger);
  const checkOut = inspections.find((row) => row.inspection.kind === 'check_out') ?? null;
  const back = inspections.find((row) => row.inspection.kind === 'return') ?? null;
  const kindOf = (inspectionId: string) =>
    inspections.find((row) => row.inspection.id === inspectionId)?.inspection.kind ?? null;
  const times = counterTimes(record, settings);

  const actions: CounterAction[] = [];
  if (canTransition('checkOut', booking.status) && now >= times.checkOutOpensAt) actions.push('checkOut');
  if (canTransition('noShow', booking.status) && now >= times.noShowFrom) actions.push('noShow');
  if (canTransition('return', booking.status)) actions.push('return');
  const returnedAt = back?.inspection.at;
  if (
    (booking.status === 'returned' || booking.status === 'closed') &&
    returnedAt &&
    now <= laterChargesUntil(returnedAt)
  )
    actions.push('addCharge');
  if (takesPayment(booking.status) && settled.due > 0) actions.push('recordPayment');
  if (linkable(booking.status) && settled.due > 0 && balanceGateway(ctx, booking)) actions.push('sendPaymentLink');
  // What was paid beyond the balance goes back the way it came: through the gateways (all of it, or nothing), or at
  // the desk for what was paid there.
  const deskPaid = paidAtDesk(ledger);
  if (takesPayment(booking.status) && settled.excess > 0 && settled.refundable >= settled.excess)
    actions.push('refundExcess');
  if (takesPayment(booking.status) && settled.excess > 0 && deskPaid > 0) actions.push('refundAtDesk');
  // The deposit the card did not hold (paid in full, at the desk, a walk-in) is taken at the desk (ADR 0012).
  if (takesDeskDeposit(booking.status) && booking.depositAmount > 0 && settled.held === 0)
    actions.push('recordDeposit');
  if (canTransition('close', booking.status) && settled.due === 0 && settled.excess === 0) actions.push('close');

  const timeline: CounterBooking['timeline'] = [{ step: 'booked', at: booking.createdAt.toISOString(), by: null }];
  for (const entry of trail) {
    const step = timelineStep(entry.action, entry.changes as Record<string, { after: unknown }>);
    if (!step) continue;
    const by = entry.actorId && entry.actorName ? { _id: entry.actorId, name: entry.actorName } : null;
    timeline.push({ step, at: entry.at.toISOString(), by });
  }

  return {
    _id: booking.id,
    reference: booking.reference,
    status: booking.status,
    paymentOption: booking.paymentOption,
    // A walk-in's customer as the desk typed them, as the bookings desk shows them (booking-desk.repository.ts): one
    // who gave no e-mail has '' here, never the reserved address of the account made for them (walk-in.ts).
    driver: {
      _id: record.driver.id,
      name: booking.deskCustomer?.fullName ?? record.driver.fullName,
      email: booking.deskCustomer?.email ?? record.driver.email,
      phone: booking.deskCustomer?.phone ?? record.driver.phone,
      birthDate: record.driver.birthDate,
      language: (record.driver.language as Language) ?? 'en',
      licenseImage:
        (booking.licenseFileId ?? record.driver.licenseFileId)
          ? `/api/license/${booking.licenseFileId ?? record.driver.licenseFileId}`
          : null,
    },
    car: {
      _id: car.id,
      name: car.name,
      licensePlate: car.licensePlate,
      range: car.range,
      body: bodyOf(car.range, car.seats),
      fuelType: car.fuelType,
      fuelPolicy: car.fuelPolicy,
      mileage: car.mileage,
      minimumAge: car.minimumAge,
      tankLitres: rulesOfCar(settings.chargeRules, carRules).tankLitres,
      odometer: record.odometer,
      image: car.imageFileId ? `/api/files/${car.imageFileId}` : null,
    },
    swappedFrom: swappedFrom ? { _id: swappedFrom.id, name: swappedFrom.name, repriced: booking.swapRepriced } : null,
    supplier: { _id: record.supplier.id, name: record.supplier.fullName },
    pickupLocation: {
      _id: record.pickup.id,
      name: nameIn(record.pickup.names, language),
      address: record.pickup.address,
      timeZone: record.pickup.timeZone,
    },
    dropoffLocation: {
      _id: record.dropoff.id,
      name: nameIn(record.dropoff.names, language),
      address: record.dropoff.address,
      timeZone: record.dropoff.timeZone,
    },
    pickupAt: booking.pickupAt.toISOString(),
    dropoffAt: booking.dropoffAt.toISOString(),
    days: rentalDays(booking.pickupAt, booking.dropoffAt),
    amounts: bookingAmounts(booking, balance),
    extras: extrasOf(record),
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    knownDrivers: knownDriversOf(booking),
    checkOutOpensAt: times.checkOutOpensAt.toISOString(),
    noShowFrom: times.noShowFrom.toISOString(),
    overdue: isOverdue(booking.status, booking.dropoffAt, now),
    checkOut: checkOut ? toInspection(checkOut, language) : null,
    return: back ? toInspection(back, language) : null,
    damages: damages.map((row) => toDamage(row, booking.id, kindOf)),
    charges: charges.map(toCharge),
    documents: documents.map(toDocument),
    checklist: settings.checklist.map((item) => ({ id: item.id, label: item.labels[language] || item.labels.en })),
    balance:
      booking.status === 'void' || booking.status === 'cancelled'
        ? null
        : toCounterBalance(settled, chargesDue, booking.currency, deskPaid),
    savedCard,
    timeline,
    actions,
  };
}
