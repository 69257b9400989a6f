import { createHash } from 'node:crypto';
import type { BookingDocumentKind } from '@roam/contract/counter';
import type { CounterAdditionalDriver, FuelReading, LicenceCheck, Signature } from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { bookingDocument } from '#server/features/documents/documents.service.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import type { Attachment } from '#server/lib/mailer.ts';
import { prepareSignature } from '#server/lib/upload-validation.ts';
import { agreementPdf } from './agreement.pdf.ts';
import * as repository from './counter.repository.ts';
import { counterSettingsFor } from './counter-settings.service.ts';

// A booking's stored documents (docs/architecture.md §5 "After the booking"): each PDF is drawn once, stored as a
// private file with its SHA-256 and numbered per kind; a signed agreement is never changed, a correction is the next
// version. Served and e-mailed byte for byte as stored, so the hash always names what the customer holds.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores a drawn PDF as the booking's next document of `kind`, in the transaction `tx` of what it records. */
export async function storeDocument(
  tx: DbOrTx,
  document: {
    bookingId: string;
    kind: BookingDocumentKind;
    language: Language;
    bytes: Buffer;
    signed?: { at: Date; signerName: string; method: Signature['method']; signatureFileId: string | null };
  },
) {
  const fileId = await repository.insertFile(tx, {
    kind: 'document',
    contentType: 'application/pdf',
    size: document.bytes.length,
    bytes: document.bytes,
    bookingId: document.bookingId,
  });
  return repository.insertDocument(tx, {
    bookingId: document.bookingId,
    kind: document.kind,
    version: await repository.nextVersion(tx, document.bookingId, document.kind),
    language: document.language,
    fileId,
    sha256: sha256(document.bytes),
    signedAt: document.signed?.at ?? null,
    signerName: document.signed?.signerName ?? null,
    signatureMethod: document.signed?.method ?? null,
    signatureFileId: document.signed?.signatureFileId ?? null,
  });
}

/** A drawn signature, checked as a PNG by its bytes and re-encoded, stored private to the booking. */
export async function storeSignature(tx: DbOrTx, bookingId: string, signature: Signature) {
  if (signature.method !== 'drawn') return { fileId: null, png: null };
  const base64 = signature.image.slice(signature.image.indexOf(',') + 1);
  const { bytes } = await prepareSignature(Buffer.from(base64, 'base64'));
  const fileId = await repository.insertFile(tx, {
    kind: 'signature',
    contentType: 'image/png',
    size: bytes.length,
    bytes,
    bookingId,
  });
  return { fileId, png: bytes };
}

export type AgreementInput = {
  licence: LicenceCheck | null;
  additionalDrivers: readonly CounterAdditionalDriver[];
  condition: {
    odometer: number;
    fuel: FuelReading;
    checklist: { label: string; checked: boolean }[];
    notes: string;
  } | null;
  signature: (Signature & { at: Date; png: Buffer | null }) | null;
};

/** The agreement of the booking as it stands in `db` (a transaction sees its own changes), drawn in its language. */
export async function drawAgreement(ctx: AppContext, db: DbOrTx, bookingId: string, input: AgreementInput) {
  const [document, record] = await readTogether(db, [
    () => bookingDocument(ctx, bookingId, db),
    () => repository.findCounterBooking(db, bookingId),
  ]);
  if (!document || !record) throw new AppError('NOT_FOUND', 'Booking not found.');
  const [settings, damages, version] = await readTogether(db, [
    () => counterSettingsFor(db, record.booking.supplierId),
    () => repository.damagesFor(db, record.booking.carId, bookingId),
    () => repository.nextVersion(db, bookingId, 'agreement'),
  ]);
  const bytes = await agreementPdf(
    {
      document,
      version,
      plate: record.car.licensePlate,
      fuelPolicy: record.car.fuelPolicy,
      mileagePerDay: record.car.mileage,
      licence: input.licence,
      additionalDrivers: input.additionalDrivers,
      condition: input.condition,
      damages: damages.filter((damage) => damage.repairedAt === null),
      terms: settings.terms[document.language] ?? '',
      signature: input.signature
        ? {
            method: input.signature.method,
            signerName: input.signature.signerName,
            at: input.signature.at,
            png: input.signature.png,
          }
        : null,
    },
    { websiteName: await siteName(ctx, db), issuedAt: ctx.clock.now() },
  );
  return { bytes, language: document.language };
}

/** Draws, signs and stores the booking's agreement (the next version) in `tx`; returns its row. */
export async function signAgreement(
  ctx: AppContext,
  tx: DbOrTx,
  bookingId: string,
  input: Omit<AgreementInput, 'signature'> & { signature: Signature },
) {
  const at = ctx.clock.now();
  const stored = await storeSignature(tx, bookingId, input.signature);
  const { bytes, language } = await drawAgreement(ctx, tx, bookingId, {
    ...input,
    signature: { ...input.signature, at, png: stored.png },
  });
  return storeDocument(tx, {
    bookingId,
    kind: 'agreement',
    language,
    bytes,
    signed: {
      at,
      signerName: input.signature.signerName,
      method: input.signature.method,
      signatureFileId: stored.fileId,
    },
  });
}

const fileName = (reference: string, kind: string, version: number) =>
  `${kind.replace('_', '-')}-${reference.replace(/[^A-Za-z0-9-]/g, '')}-v${version}.pdf`;

/** A stored document of the booking, byte for byte (the caller checked who reads it). */
export async function storedDocument(ctx: AppContext, booking: { id: string; reference: string }, documentId: string) {
  const row = await repository.findDocument(ctx.db, booking.id, documentId);
  if (!row) throw new AppError('NOT_FOUND', 'Document not found.');
  return {
    fileName: fileName(booking.reference, row.document.kind, row.document.version),
    contentType: 'application/pdf',
    bytes: row.bytes,
  } satisfies DownloadedFile;
}

/** The stored documents an e-mail attaches (the mailer reads them when it sends: lib/mailer.ts). */
export async function documentAttachments(ctx: AppContext, fileIds: string[]): Promise<Attachment[]> {
  const rows = await repository.documentFiles(ctx.db, fileIds);
  return rows.map((row) => ({
    filename: fileName(row.reference, row.document.kind, row.document.version),
    content: row.bytes,
    contentType: 'application/pdf',
  }));
}
