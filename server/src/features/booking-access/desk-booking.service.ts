import { randomBytes } from 'node:crypto';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { deliverNotices, type Recipient, recordNotice } from '#server/features/notifications/notifications.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import type { QueuedMail } from '#server/lib/mailer.ts';
import { hashToken } from '#server/plugins/session.ts';
import * as repository from './booking-access.repository.ts';
import { DESK_BOOKING_MAIL, DESK_BOOKING_REFUSED_MAIL } from './desk-booking-mail.ts';

// A booking an operator makes in a driver's name at the desk (walk-in or phone; second outside audit, item 1: a
// supplier could book any driver's e-mail, without their knowing). The driver is told — a notification and an e-mail
// in their language, whatever their e-mail settings, as for their account's own links — with a manage link whose
// booking page offers to refuse it (contract booking-actions.ts `refuse`); its supplier is told of a refusal.

/** How long the e-mailed link lasts at most (it also ends at pick-up, when refusing is no longer offered). */
export const REFUSAL_LINK_DAYS = 7;
const DAY_MS = 24 * 3600_000;

export type DeskBookingFacts = {
  carName: string;
  supplierName: string;
  pickupAt: Date;
  dropoffAt: Date;
  /** The pick-up place's: the dates are written at its clock. */
  timeZone: string;
};

/** Tells the driver of the desk booking `bookingId`, once it committed. */
export async function tellDriverOfDeskBooking(ctx: AppContext, bookingId: string, facts: DeskBookingFacts) {
  const booking = await repository.findByReference(ctx.db, bookingId, 'id');
  if (!booking) return;
  const now = ctx.clock.now();
  const until = new Date(Math.min(facts.pickupAt.getTime(), now.getTime() + REFUSAL_LINK_DAYS * DAY_MS));
  const token = randomBytes(32).toString('base64url');
  const recipient: Recipient = {
    id: booking.driverId,
    email: booking.driverEmail,
    language: booking.driverLanguage,
    // The driver's own safety, like an account link: sent whatever their booking e-mails setting.
    enableEmailNotifications: true,
  };
  const queued = await ctx.db.transaction(async (tx) => {
    await repository.insertAccess(tx, { tokenHash: hashToken(token), bookingId, kind: 'link', expiresAt: until });
    const site = await siteName(ctx, tx);
    return recordNotice(
      ctx,
      tx,
      recipient,
      { kind: 'bookedAtDesk', params: { car: facts.carName, supplier: facts.supplierName }, bookingId },
      (language) =>
        mailOf(DESK_BOOKING_MAIL[language], {
          websiteName: site,
          supplier: facts.supplierName,
          car: facts.carName,
          reference: booking.reference,
          from: formatLocalTime(facts.pickupAt, facts.timeZone, language),
          to: formatLocalTime(facts.dropoffAt, facts.timeZone, language),
          link: `${ctx.config.PUBLIC_URL}/manage-booking?${new URLSearchParams({ t: token, l: language })}`,
          until: formatLocalTime(until, facts.timeZone, language),
        }),
    );
  });
  await deliverNotices(ctx, [queued]);
}

/** Records, in the refusal's transaction `tx`, that the supplier is told the driver refused its desk booking. */
export async function recordDeskRefusal(
  ctx: AppContext,
  tx: DbOrTx,
  supplier: Recipient,
  booking: { id: string; reference: string; carName: string },
): Promise<QueuedMail | null> {
  const site = await siteName(ctx, tx);
  return recordNotice(
    ctx,
    tx,
    supplier,
    { kind: 'deskBookingRefused', params: { car: booking.carName }, bookingId: booking.id },
    (language) =>
      mailOf(DESK_BOOKING_REFUSED_MAIL[language], {
        websiteName: site,
        car: booking.carName,
        reference: booking.reference,
        link: `${ctx.config.PUBLIC_URL}/booking?b=${booking.id}&l=${language}`,
      }),
  );
}

const mailOf = <P>(template: { subject: (p: P) => string; text: (p: P) => string }, params: P) => ({
  subject: template.subject(params),
  text: template.text(params),
});
