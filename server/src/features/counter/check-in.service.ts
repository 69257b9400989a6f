import type { BookingStatus } from '@roam/contract/bookings';
import { CONFIRMED_STATUSES, COUNTER_MESSAGES, checkInOpensAt } from '@roam/contract/counter';
import type { CheckIn, CheckInBodySchema } from '@roam/contract/counter.schema';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { recordAudit } from '#server/features/audit/audit.service.ts';
import { languageOf } from '#server/features/documents/booking-document.rules.ts';
import { deliverNotices } from '#server/features/notifications/notifications.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { recordCounterNotice, renderCounterMail } from './counter.mail.ts';
import { toDocument } from './counter.mapper.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';
import { driverIssues } from './counter-checks.rules.ts';
import { signAgreement } from './counter-documents.service.ts';

// Online check-in (docs/architecture.md §5 "After the booking"): from 48 hours before pick-up until the car is handed
// over, the booking's driver — signed in, or through a manage link — gives the licence and the additional drivers,
// reads the agreement and signs it. The counter then checks only odometer, fuel and damage. Checking in again is a
// correction: a new version of the agreement.

const isOpen = (status: BookingStatus, pickupAt: Date, now: Date) =>
  (CONFIRMED_STATUSES as readonly BookingStatus[]).includes(status) && now >= checkInOpensAt(pickupAt);

export async function checkInState(ctx: AppContext, record: CounterRecord): Promise<CheckIn> {
  const { booking } = record;
  const agreements = (await repository.documentsOf(ctx.db, booking.id)).filter((doc) => doc.kind === 'agreement');
  const latest = agreements.at(-1);
  return {
    bookingId: booking.id,
    reference: booking.reference,
    status: booking.status,
    opensAt: checkInOpensAt(booking.pickupAt).toISOString(),
    open: isOpen(booking.status, booking.pickupAt, ctx.clock.now()),
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    driverName: record.driver.fullName,
    minimumAge: record.car.minimumAge,
    dropoffAt: booking.dropoffAt.toISOString(),
    licence: booking.checkIn?.licence ?? null,
    additionalDrivers: booking.checkIn?.additionalDrivers ?? [],
    agreement: latest ? toDocument(latest) : null,
  };
}

type Body = z.output<typeof CheckInBodySchema>;

export async function checkIn(ctx: AppContext, user: SessionUser, record: CounterRecord, body: Body) {
  const id = record.booking.id;
  const mails = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockBooking(tx, id);
    if (!current) throw new AppError('NOT_FOUND', 'Booking not found.');
    const now = ctx.clock.now();
    if (!isOpen(current.status, current.pickupAt, now)) throw new AppError('CONFLICT', COUNTER_MESSAGES.checkInClosed);
    const errors = driverIssues(body.licence, body.additionalDrivers, {
      pickupAt: current.pickupAt,
      pickupTimeZone: record.pickup.timeZone,
      dropoffAt: current.dropoffAt,
      dropoffTimeZone: record.dropoff.timeZone,
      minimumAge: record.car.minimumAge,
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const checkIn = { licence: body.licence, additionalDrivers: body.additionalDrivers };
    await repository.updateBooking(tx, id, { checkedInAt: now, checkIn });
    const agreement = await signAgreement(ctx, tx, id, {
      licence: body.licence,
      additionalDrivers: body.additionalDrivers,
      condition: null,
      signature: body.signature,
    });
    await recordAudit(ctx, tx, user, {
      entity: 'booking',
      entityId: id,
      action: 'checkIn',
      carId: current.carId,
      supplierId: current.supplierId,
      changes: {
        checkedInAt: { before: current.checkedInAt, after: now.toISOString() },
        agreement: { before: null, after: { version: agreement.version, sha256: agreement.sha256 } },
      },
    });
    // The driver's copy of what they signed; the supplier's desk is told (notification and e-mail).
    const language = languageOf(record.driver.language);
    const copy = await ctx.mailer.enqueue(tx, {
      to: record.driver.email,
      ...renderCounterMail('agreementSigned', language, {
        websiteName: await siteName(ctx, tx),
        car: record.car.name,
        reference: record.booking.reference,
        link: `${ctx.config.PUBLIC_URL}/booking?b=${id}&l=${language}`,
      }),
      attachFileIds: [agreement.fileId],
    });
    const desk = await recordCounterNotice(
      ctx,
      tx,
      record,
      'supplier',
      { kind: 'bookingCheckedIn' },
      'checkedIn',
      () => ({}),
    );
    return [copy, desk];
  });
  await deliverNotices(ctx, mails);
  return checkInState(ctx, (await repository.findCounterBooking(ctx.db, id))!);
}
