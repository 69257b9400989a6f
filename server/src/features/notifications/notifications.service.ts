import type { BookingStatus, BookingSummary } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { LanguageSchema } from '@roam/contract/languages.schema';
import type { DepositHolder } from '@roam/contract/ledger';
import type { Notification, NotificationPage } from '@roam/contract/notifications';
import type { Extra } from '@roam/contract/price';
import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import type { Mail, QueuedMail } from '#server/lib/mailer.ts';
import { type BookingNotice, type ChangeNotMadeReason, renderNotice } from './booking.mail.ts';
import * as repository from './notifications.repository.ts';

// Notifications (spec §3, §7): the owner reads, marks and deletes their own. Bookings, checkout and payments record
// them here, in the transaction of the change they report, with their e-mails (an outbox). A row
// carries a message key + params; the web renders it.

export type Selection = repository.Selection;
export type { ChangeNotMadeReason };

const toNotification = (row: repository.NotificationRow): Notification => ({
  _id: row.id,
  kind: row.kind,
  params: row.params,
  bookingId: row.bookingId,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

/** Newest first. */
export async function notificationPage(
  ctx: AppContext,
  userId: string,
  page: number,
  pageSize: number,
): Promise<NotificationPage> {
  const { results, totalCount } = await repository.findPage(ctx.db, userId, page, pageSize);
  return { results: results.map(toNotification), totalCount };
}

export const unreadCount = (ctx: AppContext, userId: string) => repository.countUnread(ctx.db, userId);

export const markRead = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.setRead(ctx.db, userId, selection, true);

export const markUnread = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.setRead(ctx.db, userId, selection, false);

export const deleteNotifications = (ctx: AppContext, userId: string, selection: Selection) =>
  repository.deleteSome(ctx.db, userId, selection);

export type Recipient = { id: string; email: string; language: string; enableEmailNotifications: boolean };
/** What a notice tells beyond the summary: the driver's contact (for the desk) and the extras bought. */
export type BookingFacts = { driver: { name: string; email: string; phone: string | null }; extras: Extra[] };
export type BookingRef = {
  id: string;
  /** The short reference an e-mail names the booking by. */
  reference: string;
  carName: string;
  status?: BookingStatus;
  /** A confirmation's summary in a reader's language (bookings.service.ts `bookingSummaries`). */
  summary?: (language: Language) => BookingSummary;
  /** What an approved cancellation refunded, minor units of its currency. */
  refund?: { amount: number; currency: string };
  /**
   * A cancellation's fee taken from the deposit held (on the card, the payer's PayPal, at the desk), and what of it
   * was released.
   */
  kept?: { amount: number; released: number; currency: string; on: DepositHolder };
  /** The operator's words to the driver (a declined cancellation). */
  message?: string;
  /** Why a paid change was not made. */
  reason?: ChangeNotMadeReason;
  /**
   * What became due by an operator's change, minor units of its currency; `payLink` gives the
   * recipient's one-time link to pay it online and until when it works, in their language (never stored in the
   * notification: it is a secret).
   */
  due?: {
    amount: number;
    currency: string;
    payLink?: (language: Language) => { link: string; until: string };
  };
  /** The driver's contact and the extras bought (bookings.mapper.ts `factsOf`). */
  facts?: BookingFacts;
};

/** The notices the desk receives: their link opens the booking (or the request) in the console. */
const DESK_NOTICES = new Set<BookingNotice>(['bookingNew', 'driverChangedBooking', 'driverCancelled']);

/** Where a notice's e-mail leads, with `l` so that it opens in the e-mail's language whichever browser opens it. */
function noticeLink(publicUrl: string, notice: BookingNotice, bookingId: string, language: Language): string {
  if (notice === 'cancelRequested')
    return `${publicUrl}/operator/cancellation-requests?l=${language}#request-${bookingId}`;
  if (DESK_NOTICES.has(notice)) return `${publicUrl}/operator/bookings/${bookingId}?l=${language}`;
  return `${publicUrl}/booking?b=${bookingId}&l=${language}`;
}

function languageOf(recipient: { language: string }): Language {
  const parsed = LanguageSchema.safeParse(recipient.language);
  return parsed.success ? parsed.data : 'en';
}

/**
 * Records a notice in the same transaction `tx` as the change it reports: the notification row, and the e-mail in
 * the outbox when the recipient enabled e-mail notifications. A crash can then never leave a status change without
 * its notification, nor a notification without its change. Returns the e-mail to hand to `deliverNotices` once the
 * transaction committed.
 */
export async function recordBookingNotice(
  ctx: AppContext,
  tx: DbOrTx,
  recipient: Recipient,
  notice: Exclude<BookingNotice, 'activate'>,
  booking: BookingRef,
): Promise<QueuedMail | null> {
  const params: Record<string, string | number> = {
    car: booking.carName,
    ...(booking.status ? { status: booking.status } : {}),
    ...(booking.refund ? { refundAmount: booking.refund.amount, refundCurrency: booking.refund.currency } : {}),
    ...(booking.kept ? { keptAmount: booking.kept.amount, releasedAmount: booking.kept.released } : {}),
    ...(booking.message ? { message: booking.message } : {}),
    ...(booking.reason ? { reason: booking.reason } : {}),
    ...(booking.due ? { dueAmount: booking.due.amount, dueCurrency: booking.due.currency } : {}),
  };
  // The confirmation carries the booking's receipt and calendar file, rendered when it is sent.
  const documents = notice === 'bookingConfirmed' ? { documentsOf: booking.id } : {};
  const site = await siteName(ctx, tx);
  return recordNotice(ctx, tx, recipient, { kind: notice, params, bookingId: booking.id }, (language) => ({
    ...documents,
    ...renderNotice(notice, language, {
      websiteName: site,
      car: booking.carName,
      reference: booking.reference,
      link: noticeLink(ctx.config.PUBLIC_URL, notice, booking.id, language),
      ...(booking.status ? { status: booking.status } : {}),
      ...(booking.summary ? { summary: booking.summary(language) } : {}),
      ...(booking.refund ? { refund: booking.refund } : {}),
      ...(booking.kept ? { kept: booking.kept } : {}),
      ...(booking.message ? { message: booking.message } : {}),
      ...(booking.reason ? { reason: booking.reason } : {}),
      ...(booking.due
        ? {
            due: {
              amount: booking.due.amount,
              currency: booking.due.currency,
              ...(booking.due.payLink ? { payLink: booking.due.payLink(language) } : {}),
            },
          }
        : {}),
      ...(booking.facts ? { facts: booking.facts } : {}),
    }),
  }));
}

/**
 * The booking's confirmation e-mailed again to its driver, at an operator's request (the customer did not get it):
 * queued in `tx` with its receipt and calendar file, whatever the driver's e-mail preference — they asked for it — and
 * without a second notification.
 */
export async function enqueueConfirmationAgain(
  ctx: AppContext,
  tx: DbOrTx,
  recipient: { email: string; language: string },
  booking: Required<Pick<BookingRef, 'id' | 'reference' | 'carName' | 'status' | 'summary'>>,
): Promise<QueuedMail> {
  const language = languageOf(recipient);
  const mail = renderNotice('bookingConfirmed', language, {
    websiteName: await siteName(ctx, tx),
    car: booking.carName,
    reference: booking.reference,
    link: `${ctx.config.PUBLIC_URL}/booking?b=${booking.id}&l=${language}`,
    status: booking.status,
    summary: booking.summary(language),
  });
  return ctx.mailer.enqueue(tx, { to: recipient.email, documentsOf: booking.id, ...mail });
}

/**
 * The e-mail to a guest whose booking created their account: its activation link, queued in the booking's
 * transaction `tx` like the notices (no notification row: the account cannot sign in yet).
 */
export async function recordGuestActivation(
  ctx: AppContext,
  tx: DbOrTx,
  guest: { email: string; language: string },
  booking: { reference: string; carName: string },
  link: string,
): Promise<QueuedMail> {
  const mail = renderNotice('activate', languageOf(guest), {
    websiteName: await siteName(ctx, tx),
    car: booking.carName,
    reference: booking.reference,
    link,
  });
  return ctx.mailer.enqueue(tx, { to: guest.email, ...mail });
}

/**
 * Records a notice (a booking's, or one whose e-mail its own feature writes: the reminders): in the
 * transaction `tx` of the change, the notification row, and the e-mail in the outbox when the recipient wants e-mails.
 */
export async function recordNotice(
  ctx: AppContext,
  tx: DbOrTx,
  recipient: Recipient,
  notice: { kind: string; params: Record<string, string | number>; bookingId: string },
  /** The e-mail in the recipient's language, written only when they want e-mails. */
  mail: (language: Language) => Omit<Mail, 'to'>,
): Promise<QueuedMail | null> {
  // The house business's notices are its owner's (docs/decisions/0013-the-owner-runs-their-own-business.md): no one
  // signs in as it, so they are stored for the admin's account (the console's bell) and written in the admin's
  // language; the address is the caller's, which already reads the admin's (schema-team.ts `businessEmail`).
  const owner = await repository.houseOwnerOf(tx, recipient.id);
  const to = owner ? { ...recipient, id: owner.id, language: owner.language } : recipient;
  await repository.insertNotification(tx, { userId: to.id, ...notice });
  if (!to.enableEmailNotifications) return null;
  return ctx.mailer.enqueue(tx, { to: to.email, ...mail(languageOf(to)) });
}

/**
 * Delivers recorded e-mails once their transaction committed. Failures are logged, never thrown: the booking itself
 * already succeeded, and the row stays `pending` in the outbox for the mailer's sweeper to retry.
 */
export async function deliverNotices(ctx: AppContext, queued: readonly (QueuedMail | null)[]): Promise<void> {
  for (const item of queued) {
    if (!item) continue;
    await ctx.mailer
      .deliver(item)
      .catch((err: unknown) => ctx.log.warn({ err, outboxId: item.id }, 'booking e-mail failed'));
  }
}
