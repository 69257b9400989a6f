import type { BookingInvoice, InvoiceDocument } from '@roam/contract/invoices';
import type { AppContext } from '#server/context.ts';
import { getBooking } from '#server/features/bookings/bookings.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import type { Attachment } from '#server/lib/mailer.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import { invoicePdf } from './invoice.pdf.ts';
import * as repository from './invoices.repository.ts';

// Reading a booking's invoices and credit notes (docs/decisions/0011-invoices.md): to exactly whoever may read the
// booking — its driver, its business's members with `bookings.read` (the accountant included), the platform —
// decided by the bookings service itself, as for the receipt; anyone else 404. Issuing them is
// invoice-issue.service.ts, below the ledger.

const summary = (row: repository.InvoiceRow, numbers: Map<string, string>): BookingInvoice => ({
  id: row.id,
  kind: row.kind,
  number: row.number,
  issuedAt: row.issuedAt.toISOString(),
  invoiceNumber: row.invoiceId ? (numbers.get(row.invoiceId) ?? null) : null,
  net: row.net,
  vat: row.vat,
  gross: row.gross,
  currency: row.currency,
});

/** `GET /api/booking-invoices/{id}`. */
export async function bookingInvoices(ctx: AppContext, user: SessionUser, bookingId: string) {
  await getBooking(ctx, user, bookingId, 'en');
  const rows = await repository.invoicesOfBooking(ctx.db, bookingId);
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  return rows.map((row) => summary(row, numbers));
}

async function documentOf(ctx: AppContext, row: repository.InvoiceRow): Promise<InvoiceDocument> {
  const invoice = row.invoiceId ? await repository.findInvoice(ctx.db, row.invoiceId) : null;
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    timeZone: row.timeZone,
    bookingId: row.bookingId,
    invoiceNumber: invoice?.number ?? null,
    currency: row.currency,
    language: row.language,
    seller: row.seller,
    buyer: row.buyer,
    lines: row.lines,
    net: row.net,
    vat: row.vat,
    gross: row.gross,
  };
}

async function fileOf(ctx: AppContext, row: repository.InvoiceRow): Promise<DownloadedFile> {
  return {
    fileName: `${row.number}.pdf`,
    contentType: 'application/pdf',
    bytes: await invoicePdf(await documentOf(ctx, row), { websiteName: await siteName(ctx) }),
  };
}

/** `GET /api/booking-invoice/{id}/{invoiceId}`: a document of a booking the caller may read; else 404. */
export async function invoiceFile(
  ctx: AppContext,
  user: SessionUser,
  bookingId: string,
  invoiceId: string,
): Promise<DownloadedFile> {
  await getBooking(ctx, user, bookingId, 'en');
  const row = await repository.findInvoice(ctx.db, invoiceId);
  if (!row || row.bookingId !== bookingId) throw new AppError('NOT_FOUND', 'Invoice not found.');
  return fileOf(ctx, row);
}

/** The booking's invoices and credit notes as e-mail attachments (the confirmation and receipt mails). */
export async function invoiceAttachments(ctx: AppContext, bookingId: string): Promise<Attachment[]> {
  const rows = await repository.invoicesOfBooking(ctx.db, bookingId);
  const files = await Promise.all(rows.map((row) => fileOf(ctx, row)));
  return files.map((file) => ({
    filename: file.fileName,
    content: Buffer.from(file.bytes),
    contentType: file.contentType,
  }));
}
