import type { AppContext } from '#server/context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { getBooking } from '#server/features/bookings/bookings.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import type { Attachment } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { bookingCalendar } from './booking.calendar.ts';
import { type BookingDocument, toBookingDocument } from './booking-document.rules.ts';
import * as repository from './documents.repository.ts';
import { receiptPdf } from './receipt.pdf.ts';

// A booking's documents: its receipt (PDF) and its calendar file (.ics), in the booking's language.
// Who may have them is exactly who may read the booking — its driver, the car's supplier, an admin — decided by the
// bookings service itself, so the two can never disagree (anyone else: 404, as for the booking).

/**
 * The booking's document, or null when none (a reminder's booking deleted meanwhile). `db`: the transaction of a change
 * whose document is drawn in it (the counter's signed agreement, docs/architecture.md §5 "After the booking").
 */
export async function bookingDocument(
  ctx: AppContext,
  bookingId: string,
  db: DbOrTx = ctx.db,
): Promise<BookingDocument | null> {
  const facts = await repository.findFacts(db, bookingId);
  if (!facts) return null;
  return toBookingDocument(facts, { vatRates: ctx.config.VAT_RATES, publicUrl: ctx.config.PUBLIC_URL });
}

async function readableDocument(ctx: AppContext, user: SessionUser, bookingId: string) {
  await getBooking(ctx, user, bookingId, 'en');
  const document = await bookingDocument(ctx, bookingId);
  if (!document) throw new AppError('NOT_FOUND', 'Booking not found.');
  return document;
}

/** A file name a person recognises, safe in a Content-Disposition header. */
const fileNameOf = (document: BookingDocument, kind: string, extension: string) =>
  `${kind}-${document.reference.replace(/[^A-Za-z0-9-]/g, '')}.${extension}`;

const receiptOf = async (ctx: AppContext, document: BookingDocument): Promise<DownloadedFile> => ({
  fileName: fileNameOf(document, 'receipt', 'pdf'),
  contentType: 'application/pdf',
  bytes: await receiptPdf(document, { websiteName: await siteName(ctx), issuedAt: ctx.clock.now() }),
});

const calendarOf = async (ctx: AppContext, document: BookingDocument): Promise<DownloadedFile> => ({
  fileName: fileNameOf(document, 'booking', 'ics'),
  contentType: 'text/calendar; charset=utf-8',
  bytes: bookingCalendar(document, await siteName(ctx)),
});

/**
 * The confirmation e-mail's attachments: the receipt and the calendar file in the booking's
 * language, rendered when the mailer sends the message; none when the booking is gone.
 */
export async function bookingAttachments(ctx: AppContext, bookingId: string): Promise<Attachment[]> {
  const document = await bookingDocument(ctx, bookingId);
  if (!document) return [];
  return [await receiptOf(ctx, document), await calendarOf(ctx, document)].map((file) => ({
    filename: file.fileName,
    content: Buffer.from(file.bytes),
    contentType: file.contentType,
  }));
}

export async function bookingReceipt(ctx: AppContext, user: SessionUser, bookingId: string): Promise<DownloadedFile> {
  return receiptOf(ctx, await readableDocument(ctx, user, bookingId));
}

export async function bookingCalendarFile(
  ctx: AppContext,
  user: SessionUser,
  bookingId: string,
): Promise<DownloadedFile> {
  return calendarOf(ctx, await readableDocument(ctx, user, bookingId));
}
