import { COUNTER_MESSAGES, canTransition } from '@roam/contract/counter';
import type { CheckOutBodySchema } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { languageOf } from '#server/features/documents/booking-document.rules.ts';
import type { Operator } from '#server/features/fleet/fleet.service.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import { pgErrorCode } from '#server/lib/pg-error.ts';
import { checkedSwap, swapValues } from './car-swap.service.ts';
import { recordCounterNotice } from './counter.mail.ts';
import { knownDriversOf, licenceColumns } from './counter.mapper.ts';
import * as repository from './counter.repository.ts';
import { checklistIssues, damageIssues, driverIssues, fuelIssues, merged } from './counter-checks.rules.ts';
import { signAgreement } from './counter-documents.service.ts';
import { updateCarReadings } from './counter-settings.repository.ts';
import { counterSettingsFor } from './counter-settings.service.ts';
import { counterTimes, counterView } from './counter-view.service.ts';

// Check-out (docs/architecture.md §5 "After the booking"): the car handed over. Decided on the booking's locked row,
// so of two operators checking out one booking at once one wins and the other gets 409. From the pick-up day less the
// supplier's early window, a confirmed booking only, never while another booking has the car on rent (409
// CAR_STILL_ON_RENT: the operator swaps the car). The licence is checked (valid to the drop-off, the car's minimum
// age), the condition recorded, the agreement signed — unless signed at online check-in and the car kept — and
// e-mailed; the car's odometer follows.

type Body = z.output<typeof CheckOutBodySchema>;

export async function checkOut(ctx: AppContext, actor: Operator, id: string, body: Body, language: Language) {
  const mails = await ctx.db
    .transaction(async (tx) => {
      const current = await repository.lockBooking(tx, id);
      const record = current ? await repository.findCounterBooking(tx, id) : null;
      if (!current || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
      if (!canTransition('checkOut', current.status)) {
        throw new AppError(
          'CONFLICT',
          current.status === 'on_rent' ? COUNTER_MESSAGES.alreadyChanged : COUNTER_MESSAGES.notConfirmed,
        );
      }
      const settings = await counterSettingsFor(tx, current.supplierId);
      const now = ctx.clock.now();
      const { checkOutOpensAt } = counterTimes(record, settings);
      if (now < checkOutOpensAt) {
        const opens = formatLocalTime(checkOutOpensAt, record.pickup.timeZone, 'en');
        throw new AppError('CONFLICT', COUNTER_MESSAGES.tooEarly(opens));
      }
      const swap = body.swap ? await checkedSwap(tx, record, body.swap.carId, now) : null;
      const car = swap?.car ?? record.car;
      const onRent = await repository.carOnRent(tx, car.id, id);
      if (onRent) throw new AppError('CAR_STILL_ON_RENT', COUNTER_MESSAGES.carStillOnRent(onRent.reference));

      const licence = body.licence ?? current.checkIn?.licence ?? null;
      const additionalDrivers = body.additionalDrivers ?? current.checkIn?.additionalDrivers ?? knownDriversOf(current);
      const signedOnline = (await repository.documentsOf(tx, id)).some(
        (doc) => doc.kind === 'agreement' && doc.signedAt,
      );
      const photos = await repository.bookingPhotoIds(
        tx,
        id,
        body.damages.flatMap((damage) => damage.photoFileIds),
      );
      const rental = {
        pickupAt: current.pickupAt,
        pickupTimeZone: record.pickup.timeZone,
        dropoffAt: current.dropoffAt,
        dropoffTimeZone: record.dropoff.timeZone,
        minimumAge: car.minimumAge,
      };
      const errors = merged(
        licence ? driverIssues(licence, additionalDrivers, rental) : { licence: [COUNTER_MESSAGES.licenceRequired] },
        fuelIssues(body.fuel, car.fuelType),
        checklistIssues(body.checklist, settings.checklist),
        damageIssues(body.damages, car, photos),
        !body.signature && (!signedOnline || swap) ? { signature: [COUNTER_MESSAGES.signatureRequired] } : {},
      );
      if (Object.keys(errors).length > 0) throw validationFailed(errors);

      const checklist = settings.checklist.map((item) => ({ ...item, checked: body.checklist.includes(item.id) }));
      const inspection = await repository.insertInspection(tx, {
        bookingId: id,
        kind: 'check_out',
        at: now,
        byId: actor.id,
        locationId: current.pickupLocationId,
        carId: car.id,
        odometer: body.odometer,
        fuelEighths: body.fuel.kind === 'eighths' ? body.fuel.eighths : null,
        batteryPercent: body.fuel.kind === 'battery' ? body.fuel.percent : null,
        checklist,
        notes: body.notes,
        ...licenceColumns(licence),
        additionalDrivers,
      });
      await repository.insertDamages(
        tx,
        body.damages.map((damage) => ({ ...damage, carId: car.id, bookingId: id, inspectionId: inspection.id })),
      );
      await repository.updateBooking(tx, id, {
        status: 'on_rent',
        blocksCar: true,
        holdExpiresAt: null,
        ...(swap ? await swapValues(ctx, tx, record, swap, body.swap?.reprice ?? false) : {}),
      });
      await updateCarReadings(tx, car.id, { odometer: body.odometer });

      const agreement = body.signature
        ? await signAgreement(ctx, tx, id, {
            licence,
            additionalDrivers,
            condition: {
              odometer: body.odometer,
              fuel: body.fuel,
              checklist: checklist.map((item) => ({
                label: item.labels[languageOf(record.driver.language)] || item.labels.en,
                checked: item.checked,
              })),
              notes: body.notes,
            },
            signature: body.signature,
          })
        : null;
      await recordAudit(ctx, tx, actor, {
        entity: 'booking',
        entityId: id,
        action: 'checkOut',
        carId: car.id,
        supplierId: current.supplierId,
        changes: {
          status: { before: current.status, after: 'on_rent' },
          odometer: { before: null, after: body.odometer },
          ...(agreement
            ? { agreement: { before: null, after: { version: agreement.version, sha256: agreement.sha256 } } }
            : {}),
        },
      });
      if (swap) {
        await recordAudit(ctx, tx, actor, {
          entity: 'booking',
          entityId: id,
          action: 'swapCar',
          carId: car.id,
          supplierId: current.supplierId,
          changes: swap.changes,
        });
      }
      const signed =
        agreement ?? (await repository.documentsOf(tx, id)).filter((doc) => doc.kind === 'agreement').at(-1);
      const notice = await recordCounterNotice(
        ctx,
        tx,
        record,
        'driver',
        { kind: 'bookingCheckedOut' },
        'checkedOut',
        (lang) => ({ dropoff: formatLocalTime(current.dropoffAt, record.dropoff.timeZone, lang) }),
        signed ? [signed.fileId] : [],
      );
      return [notice];
    })
    .catch((error: unknown) => {
      // The swapped car taken meanwhile: the exclusion constraint refused it (decision 0006).
      if (pgErrorCode(error) === '23P01') throw new AppError('CAR_UNAVAILABLE', COUNTER_MESSAGES.swapUnavailable);
      throw error;
    });
  await deliverNotices(ctx, mails);
  const record = await repository.findCounterBooking(ctx.db, id);
  return counterView(ctx, record!, language);
}
