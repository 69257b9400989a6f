import {
  COUNTER_MESSAGES,
  type Computation,
  canTransition,
  chargesTotal,
  returnCharges,
  rulesInCurrency,
} from '@roam/contract/counter';
import type { ReturnBodySchema, ReturnQuote, ReturnReadingsSchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import { convertMinor, formatMinor, roundHalfUp } from '@roam/contract/money';
import { rentalDays } from '@roam/contract/time';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { translator } from '#server/i18n/translate.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { reportThumbnails, storeConditionReport } from './condition-report.service.ts';
import { recordCounterNotice } from './counter.mail.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';
import { checklistIssues, damageIssues, fuelIssues, merged } from './counter-checks.rules.ts';
import { updateCarReadings } from './counter-settings.repository.ts';
import { carRulesOf, counterSettingsFor, rulesOfCar } from './counter-settings.service.ts';
import { counterView } from './counter-view.service.ts';

// The return (docs/architecture.md §5 "After the booking"): the readings give the charges by the supplier's rules
// (the car's overrides on them), each with its computation, quoted first; confirmed with the quote's total, on the
// locked row (two operators at once: one wins, 409 for the other; charges moved since the quote: 409). The car's
// odometer follows, the car is free again, the customer gets the condition report.

type Readings = z.output<typeof ReturnReadingsSchema>;
const FUTURE_SLACK_MS = 5 * 60_000;

/** The rental country's VAT rate (VAT_RATES), included in every charge; 0 where none is configured. */
export const vatRateOf = (ctx: AppContext, record: CounterRecord) =>
  ctx.config.VAT_RATES[record.pickup.countryCode] ?? 0;

/**
 * A one-way fee the booking paid with its price (docs/architecture.md §5 "Fees by rule") is not charged again when
 * the car comes back where the booking said; returned anywhere else, the counter's rule charges as before.
 */
const oneWayBooked = (booking: CounterRecord['booking'], locationId: string) =>
  Boolean(booking.terms.rentalFees?.oneWay) && locationId === booking.dropoffLocationId;

/** The charges the readings give, refused (400) where a reading cannot be taken. */
async function chargesOf(ctx: AppContext, db: DbOrTx, record: CounterRecord, readings: Readings) {
  const { booking, car } = record;
  const now = ctx.clock.now();
  const checkOut = (await repository.inspectionsOf(db, booking.id)).find((row) => row.inspection.kind === 'check_out');
  if (!checkOut) throw new AppError('CONFLICT', COUNTER_MESSAGES.notOnRent);
  const out = checkOut.inspection;
  const returnedAt = readings.returnedAt ? new Date(readings.returnedAt) : now;
  const locationId = readings.locationId ?? booking.dropoffLocationId;
  const [settings, place, photos, carRules] = await readTogether(db, [
    () => counterSettingsFor(db, booking.supplierId),
    () => repository.locationName(db, locationId),
    () =>
      repository.bookingPhotoIds(
        db,
        booking.id,
        readings.damages.flatMap((damage) => damage.photoFileIds),
      ),
    () => carRulesOf(db, booking.carId),
  ]);
  const { rules, tankLitres } = rulesOfCar(settings.chargeRules, carRules);
  const errors = merged(
    fuelIssues(readings.fuel, car.fuelType),
    checklistIssues(readings.checklist, settings.checklist),
    damageIssues(readings.damages, car, photos),
    place ? {} : { locationId: ['Unknown location.'] },
    readings.odometer < out.odometer ? { odometer: [COUNTER_MESSAGES.odometerBack] } : {},
    returnedAt < out.at ? { returnedAt: [COUNTER_MESSAGES.returnBeforeCheckOut] } : {},
    returnedAt.getTime() > now.getTime() + FUTURE_SLACK_MS ? { returnedAt: [COUNTER_MESSAGES.returnInFuture] } : {},
  );
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const currency = booking.currency;
  const convert = (eur: number) => convertMinor(eur, booking.rate, currency);
  const days = rentalDays(booking.pickupAt, booking.dropoffAt);
  const fuel =
    readings.fuel.kind === 'eighths'
      ? { kind: 'eighths' as const, checkOut: out.fuelEighths ?? 0, return: readings.fuel.eighths, tankLitres }
      : { kind: 'battery' as const, checkOut: out.batteryPercent ?? 0, return: readings.fuel.percent };
  const computations = returnCharges(
    {
      policy: car.fuelPolicy,
      fuel,
      kmPerDay: car.mileage,
      rentalDays: days,
      checkOutOdometer: out.odometer,
      returnOdometer: readings.odometer,
      dropoffAt: booking.dropoffAt,
      returnedAt,
      dayPrice: roundHalfUp(booking.totalAmount / days),
      pickupLocationId: booking.pickupLocationId,
      returnLocationId: locationId,
      cleaning: readings.cleaning,
      damageAmounts: readings.damages.map((damage) => damage.amount),
    },
    // The price per extra kilometre the booking was bought with (its terms), else the rules of the day.
    rulesInCurrency({ ...rules, pricePerExtraKm: booking.terms.pricePerExtraKm ?? rules.pricePerExtraKm }, convert),
    currency,
  ).filter((charge) => !(charge.kind === 'one_way' && oneWayBooked(booking, locationId)));
  return { computations, returnedAt, locationId, settings, checkOut: out, vatRate: vatRateOf(ctx, record) };
}

const quoteLines = (computations: Computation[], vatRate: number) =>
  computations.map((computation) => ({ kind: computation.kind, amount: computation.amount, computation, vatRate }));

/** `POST /api/return-quote/{id}`: the charges, nothing stored. */
export async function returnQuote(ctx: AppContext, record: CounterRecord, readings: Readings): Promise<ReturnQuote> {
  if (!canTransition('return', record.booking.status)) throw new AppError('CONFLICT', COUNTER_MESSAGES.notOnRent);
  const { computations, vatRate } = await chargesOf(ctx, ctx.db, record, readings);
  const lines = quoteLines(computations, vatRate);
  return { currency: record.booking.currency, lines, total: chargesTotal(lines), balance: null };
}

type Body = z.output<typeof ReturnBodySchema>;

/** `POST /api/return/{id}`: the return recorded with its charges; `returned`. */
export async function returnCar(ctx: AppContext, actor: Operator, id: string, body: Body, language: Language) {
  const mails = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    const record = current ? await repository.findCounterBooking(tx, id) : null;
    if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
    if (!canTransition('return', current.status)) {
      throw new AppError(
        'CONFLICT',
        current.status === 'returned' ? COUNTER_MESSAGES.alreadyChanged : COUNTER_MESSAGES.notOnRent,
      );
    }
    const { computations, returnedAt, locationId, settings, checkOut, vatRate } = await chargesOf(
      ctx,
      tx,
      record,
      body,
    );
    const total = chargesTotal(computations);
    if (body.expectedTotal !== undefined && body.expectedTotal !== total) {
      throw new AppError('CONFLICT', COUNTER_MESSAGES.quoteChanged);
    }
    // The report's photo thumbnails drawn while the return is written (the damages known before it, and its own).
    const known = await repository.damagesFor(tx, current.carId, id);
    const thumbnails = reportThumbnails(
      tx,
      [...known, ...body.damages].flatMap((damage) => damage.photoFileIds),
    );
    thumbnails.catch(() => {}); // awaited by the report; a failure is its error, not an unhandled rejection
    const inspection = await repository.insertInspection(tx, {
      bookingId: id,
      kind: 'return',
      at: returnedAt,
      byId: actor.id,
      locationId,
      carId: current.carId,
      odometer: body.odometer,
      fuelEighths: body.fuel.kind === 'eighths' ? body.fuel.eighths : null,
      batteryPercent: body.fuel.kind === 'battery' ? body.fuel.percent : null,
      checklist: settings.checklist.map((item) => ({ ...item, checked: body.checklist.includes(item.id) })),
      notes: body.notes,
      cleaning: body.cleaning,
    });
    await repository.insertDamages(
      tx,
      body.damages.map(({ amount: _amount, ...damage }) => ({
        ...damage,
        carId: current.carId,
        bookingId: id,
        inspectionId: inspection.id,
      })),
    );
    await repository.insertCharges(
      tx,
      computations.map((computation) => ({
        bookingId: id,
        kind: computation.kind,
        amount: computation.amount,
        currency: current.currency,
        computation,
        vatRate,
        note: computation.kind === 'damage' ? damageNote(body, computations.indexOf(computation), computations) : '',
        createdBy: actor.id,
      })),
    );
    await repository.updateBooking(tx, id, { status: 'returned', blocksCar: false });
    await updateCarReadings(tx, current.carId, { odometer: body.odometer });
    const report = await storeConditionReport(ctx, tx, record, thumbnails);
    await recordAudit(ctx, tx, actor, {
      entity: 'booking',
      entityId: id,
      action: 'return',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        status: { before: current.status, after: 'returned' },
        odometer: { before: checkOut.odometer, after: body.odometer },
        charges: { before: null, after: { total, currency: current.currency } },
      },
    });
    const money = (lang: Language) => formatMinor(total, current.currency, lang);
    const notice = await recordCounterNotice(
      ctx,
      tx,
      record,
      'driver',
      { kind: 'bookingReturned', params: { charges: total, currency: current.currency } },
      'returned',
      (lang) => ({
        charges:
          total > 0
            ? translator(lang, 'counter')('mail.chargesTotal', { amount: money(lang) })
            : translator(lang, 'counter')('mail.noCharges'),
      }),
      [report.fileId],
    );
    return [notice];
  });
  await deliverNotices(ctx, mails);
  return counterView(ctx, (await repository.findCounterBooking(ctx.db, id))!, language);
}

/** The note of the damage charge at `index` among the charges: the note typed with the damage it charges. */
function damageNote(body: Body, index: number, computations: Computation[]) {
  const damageIndex = computations.slice(0, index).filter((computation) => computation.kind === 'damage').length;
  return body.damages.filter((damage) => damage.amount > 0)[damageIndex]?.note ?? '';
}
