import type { AppContext } from '#server/context.ts';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { languageOf } from '#server/features/documents/booking-document.rules.ts';
import { siteName } from '#server/features/site-settings/site-settings.service.ts';
import { AppError } from '#server/lib/app-error.ts';
import { thumbnailJpeg } from '#server/lib/upload-validation.ts';
import { type ConditionReport, conditionReportPdf, type ReportSide } from './condition-report.pdf.ts';
import { fuelOf, nameIn } from './counter.mapper.ts';
import * as repository from './counter.repository.ts';
import { storeDocument } from './counter-documents.service.ts';

// The condition report of a returned booking (docs/architecture.md §5 "After the booking"), drawn from what `db` holds
// (the return's transaction sees the return) and stored as the booking's next `condition_report`.

/**
 * The photos' thumbnails, by file id (the report embeds them, not the 300 KB photos, and travels by e-mail). A return
 * starts them before its writes, so that sharp draws them off the JavaScript thread while the writes wait on the
 * database; one after another, so that a return takes one core for them, not one per photo, from the other operators.
 */
export async function reportThumbnails(db: DbOrTx, photoIds: string[]): Promise<Map<string, Buffer>> {
  const thumbnails = new Map<string, Buffer>();
  for (const [id, bytes] of await repository.photoBytes(db, photoIds)) thumbnails.set(id, await thumbnailJpeg(bytes));
  return thumbnails;
}

/**
 * The report of `record` (read before the return's writes: its booking, car, people and places are what the return
 * does not change) from what `db` holds; `thumbnails` started beforehand, completed here for a photo they lack (a
 * damage of the car recorded meanwhile).
 */
export async function conditionReportOf(
  db: DbOrTx,
  record: repository.CounterRecord,
  thumbnails: Promise<Map<string, Buffer>>,
): Promise<ConditionReport> {
  const bookingId = record.booking.id;
  const language = languageOf(record.driver.language);
  const [inspections, damages, charges] = await readTogether(db, [
    () => repository.inspectionsOf(db, bookingId),
    () => repository.damagesFor(db, record.booking.carId, bookingId),
    () => repository.chargesOf(db, bookingId),
  ]);
  const checkOut = inspections.find((row) => row.inspection.kind === 'check_out');
  const back = inspections.find((row) => row.inspection.kind === 'return');
  if (!checkOut || !back) throw new AppError('CONFLICT', 'The booking has not been returned.');
  const sideOf = (row: repository.InspectionRecord): ReportSide => ({
    at: row.inspection.at,
    timeZone: record.pickup.timeZone,
    place: nameIn(row.locationNames, language),
    by: row.byName ?? '',
    odometer: row.inspection.odometer,
    fuel: fuelOf(row.inspection),
    checklist: row.inspection.checklist.map((item) => ({
      label: item.labels[language] || item.labels.en,
      checked: item.checked,
    })),
    notes: row.inspection.notes,
    cleaning: row.inspection.cleaning,
  });
  const photos = await thumbnails;
  const missing = damages.flatMap((damage) => damage.photoFileIds).filter((id) => !photos.has(id));
  for (const [id, bytes] of await reportThumbnails(db, missing)) photos.set(id, bytes);
  const reportDamage = (damage: repository.DamageRow) => ({
    zone: damage.zone,
    severity: damage.severity,
    note: damage.note,
    photos: damage.photoFileIds.map((id) => photos.get(id)).filter((bytes): bytes is Buffer => bytes !== undefined),
  });
  const isNew = (damage: repository.DamageRow) => damage.inspectionId === back.inspection.id;
  return {
    language,
    reference: record.booking.reference,
    car: record.car.licensePlate ? `${record.car.name} · ${record.car.licensePlate}` : record.car.name,
    driver: record.driver.fullName,
    checkOut: sideOf(checkOut),
    back: { ...sideOf(back), timeZone: record.dropoff.timeZone },
    damagesBefore: damages.filter((damage) => !isNew(damage)).map(reportDamage),
    damagesNew: damages.filter(isNew).map(reportDamage),
    charges: charges.filter((row) => !row.charge.waivedAt).map((row) => row.charge.computation),
    currency: record.booking.currency,
  };
}

/** Draws and stores the condition report in `tx`; returns its document row. */
export async function storeConditionReport(
  ctx: AppContext,
  tx: DbOrTx,
  record: repository.CounterRecord,
  thumbnails: Promise<Map<string, Buffer>>,
) {
  const bookingId = record.booking.id;
  const report = await conditionReportOf(tx, record, thumbnails);
  const bytes = await conditionReportPdf(report, { websiteName: await siteName(ctx, tx), issuedAt: ctx.clock.now() });
  return storeDocument(tx, { bookingId, kind: 'condition_report', language: report.language, bytes });
}
