import type { AppContext } from '#server/context.ts';
import { languageOf } from '#server/features/documents/booking-document.rules.ts';
import type { DownloadedFile } from '#server/lib/download.ts';
import { fuelOf, knownDriversOf, licenceOf } from './counter.mapper.ts';
import type { CounterRecord } from './counter.repository.ts';
import * as repository from './counter.repository.ts';
import { drawAgreement } from './counter-documents.service.ts';

// The agreement to read before signing (docs/architecture.md §5 "After the booking"): drawn from the booking as it
// stands — the licence given at check-in, the check-out's readings once there are any — marked as a draft and stored
// nowhere.

export async function agreementDraft(ctx: AppContext, record: CounterRecord): Promise<DownloadedFile> {
  const { booking } = record;
  const checkOut = (await repository.inspectionsOf(ctx.db, booking.id)).find(
    (row) => row.inspection.kind === 'check_out',
  );
  const out = checkOut?.inspection;
  const language = languageOf(record.driver.language);
  const { bytes } = await drawAgreement(ctx, ctx.db, booking.id, {
    licence: (out && licenceOf(out)) ?? booking.checkIn?.licence ?? null,
    additionalDrivers: out?.additionalDrivers ?? booking.checkIn?.additionalDrivers ?? knownDriversOf(booking),
    condition: out
      ? {
          odometer: out.odometer,
          fuel: fuelOf(out),
          checklist: out.checklist.map((item) => ({
            label: item.labels[language] || item.labels.en,
            checked: item.checked,
          })),
          notes: out.notes,
        }
      : null,
    signature: null,
  });
  return {
    fileName: `agreement-${booking.reference}-draft-${language}.pdf`,
    contentType: 'application/pdf',
    bytes,
  };
}
