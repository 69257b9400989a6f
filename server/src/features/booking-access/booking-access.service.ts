import { randomBytes } from 'node:crypto';
import type { ManageBookingLinkBody } from '@roam/contract/booking-access';
import { looksLikeReference, normalizeReference } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { LanguageSchema } from '@roam/contract/languages.schema';
import { formatMinor } from '@roam/contract/money';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { siteName, siteSettings } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { formatLocalTime } from '#server/lib/local-time.ts';
import { hashToken, type SessionUser } from '#server/plugins/session.ts';
import { accountAsSessionUser } from '#server/plugins/session-user.ts';
import { manageLinkMail, paymentLinkMail } from './booking-access.mail.ts';
import * as repository from './booking-access.repository.ts';

// Managing a booking without an account (Rentalcars' and Budget's "Manage booking"). The booking
// reference and the e-mail it was made with ask for a link; the link goes only to that address, works once and for
// LINK_MINUTES, and opening it gives the browser a grant to that one booking for GRANT_HOURS — what its driver may do
// there (read it, its documents, cancel it by its terms), decided by the bookings service as for the signed-in
// driver, and nothing else: no session, no other booking, no account page. Secrets are stored hashed.

export const LINK_MINUTES = 30;
export const GRANT_HOURS = 4;
const MINUTE = 60_000;

const newSecret = () => randomBytes(32).toString('base64url');

/**
 * `POST /api/manage-booking-link`: when the reference and the e-mail match a booking, a one-time link to its driver's
 * address. The caller learns nothing either way: the answer is the same, and the e-mail goes to the booking's
 * address, never to one the caller wrote differently.
 */
export async function sendManageLink(ctx: AppContext, body: ManageBookingLinkBody): Promise<void> {
  if (!looksLikeReference(body.reference)) return;
  const booking = await repository.findByReference(ctx.db, normalizeReference(body.reference));
  const now = ctx.clock.now();
  // A hold still awaiting its payment counts too: a customer whose payment link was used in
  // another browser gets back to paying it. A released or lapsed one is nothing to manage.
  const live =
    booking?.status !== 'void' || (booking.blocksCar && booking.holdExpiresAt !== null && booking.holdExpiresAt > now);
  const matches =
    booking !== null &&
    booking.kind === 'rental' &&
    live &&
    booking.driverEmail.toLowerCase() === body.email.toLowerCase();
  if (!matches) return;
  const token = newSecret();
  const parsed = LanguageSchema.safeParse(booking.driverLanguage);
  const language = parsed.success ? parsed.data : 'en';
  const params = {
    reference: booking.reference,
    // In the e-mail's language: opened in another browser, the booking reads as the e-mail did.
    link: `${ctx.config.PUBLIC_URL}/manage-booking?${new URLSearchParams({ t: token, l: language })}`,
    minutes: LINK_MINUTES,
  };
  // Written and sent after the answer: waiting for SMTP, and even for these writes, made a match slower than a miss,
  // telling by its time whether a reference belongs to an e-mail. The link and its message commit together; a
  // refused delivery stays in the outbox for the sweeper.
  ctx.mailer.deliverLater(() =>
    ctx.db.transaction(async (tx) => {
      await repository.deleteExpired(tx, new Date(now.getTime() - 24 * 60 * MINUTE));
      await repository.insertAccess(tx, {
        tokenHash: hashToken(token),
        bookingId: booking.id,
        kind: 'link',
        expiresAt: new Date(now.getTime() + LINK_MINUTES * MINUTE),
      });
      const websiteName = await siteName(ctx, tx);
      return ctx.mailer.enqueue(tx, {
        to: booking.driverEmail,
        ...manageLinkMail(language, { ...params, websiteName }),
      });
    }),
  );
}

/**
 * The payment link of an operator's booking awaiting payment: a one-time manage link to its
 * driver's address, lasting as long as the hold; opened, it lets that browser pay the booking (payments/
 * payment-party.service.ts) and read it, as the e-mailed manage link does. False when the booking is not awaiting
 * payment.
 */
export async function sendPaymentLink(ctx: AppContext, bookingId: string, timeZone: string): Promise<boolean> {
  const booking = await repository.findByReference(ctx.db, bookingId, 'id');
  if (booking?.status !== 'void' || !booking.holdExpiresAt) return false;
  const token = newSecret();
  const site = await siteSettings(ctx);
  const language = LanguageSchema.safeParse(booking.driverLanguage).data ?? site.defaultLanguage;
  const params = {
    websiteName: site.websiteName,
    reference: booking.reference,
    amount: formatMinor(booking.chargedAmount, booking.currency, language),
    link: `${ctx.config.PUBLIC_URL}/manage-booking?${new URLSearchParams({ t: token, l: language })}`,
    until: formatLocalTime(booking.holdExpiresAt, timeZone, language),
  };
  const queued = await ctx.db.transaction(async (tx) => {
    await repository.insertAccess(tx, {
      tokenHash: hashToken(token),
      bookingId: booking.id,
      kind: 'link',
      expiresAt: booking.holdExpiresAt!,
    });
    return ctx.mailer.enqueue(tx, { to: booking.driverEmail, ...paymentLinkMail(language, params) });
  });
  // A refused delivery stays in the outbox for the sweeper.
  await ctx.mailer.deliver(queued).catch((err: unknown) => ctx.log.warn({ err }, 'payment link e-mail failed'));
  return true;
}

/** How long the link to pay what an operator's change made due works, at most (and never past the pick-up). */
export const DUE_LINK_DAYS = 7;

/**
 * A one-time link for the driver of `bookingId` to pay what an operator's change made due: the
 * payment link of an operator's booking, recorded in `tx` (the change's transaction), working until the pick-up and
 * for DUE_LINK_DAYS at most; opened, it gives that browser a grant to the booking, whose page offers the payment.
 * Null when the pick-up is too close for it to be of use (the counter takes it then). Returns the link and until when
 * it works in a reader's language, for the notice's e-mail.
 */
export async function issueDueLink(
  ctx: AppContext,
  tx: DbOrTx,
  booking: { id: string; pickupAt: Date },
  timeZone: string,
): Promise<((language: Language) => { link: string; until: string }) | null> {
  const now = ctx.clock.now();
  const expiresAt = new Date(Math.min(now.getTime() + DUE_LINK_DAYS * 24 * 60 * MINUTE, booking.pickupAt.getTime()));
  if (expiresAt.getTime() - now.getTime() < 60 * MINUTE) return null;
  const token = newSecret();
  await repository.insertAccess(tx, { tokenHash: hashToken(token), bookingId: booking.id, kind: 'link', expiresAt });
  return (language) => ({
    link: `${ctx.config.PUBLIC_URL}/manage-booking?${new URLSearchParams({ t: token, l: language })}`,
    until: formatLocalTime(expiresAt, timeZone, language),
  });
}

/**
 * `POST /api/open-manage-link`: uses the link once; the booking and the grant's secret for the browser's cookie. The
 * grant is the browser's, not the link's: the link opened again in the browser it granted (`grantHash`, its cookie)
 * shows that booking again while the grant lasts, with no new grant (null); anywhere else it is used up.
 */
export async function openManageLink(
  ctx: AppContext,
  token: string,
  grantHash: string | null,
): Promise<{ bookingId: string; grant: string | null }> {
  const now = ctx.clock.now();
  const link = await repository.useLink(ctx.db, hashToken(token), now);
  if (!link) {
    const used = grantHash ? await repository.linkBooking(ctx.db, hashToken(token)) : null;
    if (used && grantHash && (await repository.grantedDriver(ctx.db, grantHash, used.bookingId, now)))
      return { bookingId: used.bookingId, grant: null };
    throw new AppError('TOKEN_EXPIRED', 'This link has expired or was already used.');
  }
  const grant = newSecret();
  await repository.insertAccess(ctx.db, {
    tokenHash: hashToken(grant),
    bookingId: link.bookingId,
    kind: 'grant',
    expiresAt: new Date(now.getTime() + GRANT_HOURS * 60 * MINUTE),
  });
  return { bookingId: link.bookingId, grant };
}

/** The booking's driver, when the browser's grant (its hash) opens `bookingId` now; null otherwise. */
export async function grantedDriver(
  ctx: AppContext,
  grantHash: string,
  bookingId: string,
): Promise<SessionUser | null> {
  const driver = await repository.grantedDriver(ctx.db, grantHash, bookingId, ctx.clock.now());
  return driver ? accountAsSessionUser(driver) : null;
}
