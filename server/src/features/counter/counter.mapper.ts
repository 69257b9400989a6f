import type { TimelineStep } from '@roam/contract/counter';
import type {
  BookingDocument,
  Charge,
  CounterAdditionalDriver,
  Damage,
  FuelReading,
  Inspection,
  LicenceCheck,
} from '@roam/contract/counter.schema';
import type { Language } from '@roam/contract/languages';
import type { AdditionalDriver, StoredAdditionalDriver, StoredLicence } from '#server/db/schema.ts';
import type { ChargeRecord, DamageRow, DocumentRow, InspectionRecord } from './counter.repository.ts';

// The counter's records as the contract shapes them (docs/api.md "The counter"); pure. Files are named by the
// private URLs of the booking they belong to.

export const fileUrl = (bookingId: string, fileId: string) => `/api/booking-file/${bookingId}/${fileId}`;
export const documentUrl = (bookingId: string, documentId: string) =>
  `/api/booking-document/${bookingId}/${documentId}`;
export const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';

export const fuelOf = (row: { fuelEighths: number | null; batteryPercent: number | null }): FuelReading =>
  row.fuelEighths !== null
    ? { kind: 'eighths', eighths: row.fuelEighths }
    : { kind: 'battery', percent: row.batteryPercent ?? 0 };

export function licenceOf(row: {
  licenseNumber: string | null;
  licenseCountry: string | null;
  licenseExpiresOn: string | null;
  birthDate: string | null;
}): LicenceCheck | null {
  if (!row.licenseNumber || !row.licenseCountry || !row.licenseExpiresOn || !row.birthDate) return null;
  return {
    licenseNumber: row.licenseNumber,
    licenseCountry: row.licenseCountry,
    licenseExpiresOn: row.licenseExpiresOn,
    birthDate: row.birthDate,
  };
}

/** The additional driver whose licence the walk-in read (kept on the booking): what the check-out starts from. */
export const knownDriversOf = (booking: {
  additionalDriver: boolean;
  additionalDriverDetails: AdditionalDriver | null;
}): StoredAdditionalDriver[] => {
  const details = booking.additionalDriverDetails;
  if (!booking.additionalDriver || !details?.licence) return [];
  return [{ fullName: details.fullName, birthDate: details.birthDate, ...details.licence }];
};

export const licenceColumns = (licence: StoredLicence | null) => ({
  licenseNumber: licence?.licenseNumber ?? null,
  licenseCountry: licence?.licenseCountry ?? null,
  licenseExpiresOn: licence?.licenseExpiresOn ?? null,
  birthDate: licence?.birthDate ?? null,
});

export function toInspection(record: InspectionRecord, language: Language): Inspection {
  const { inspection } = record;
  return {
    _id: inspection.id,
    kind: inspection.kind,
    at: inspection.at.toISOString(),
    by: inspection.byId && record.byName ? { _id: inspection.byId, name: record.byName } : null,
    location: { _id: inspection.locationId, name: nameIn(record.locationNames, language) },
    odometer: inspection.odometer,
    fuel: fuelOf(inspection),
    checklist: inspection.checklist.map((item) => ({
      id: item.id,
      label: item.labels[language] ?? item.labels.en ?? item.id,
      checked: item.checked,
    })),
    notes: inspection.notes,
    licence: licenceOf(inspection),
    additionalDrivers: inspection.additionalDrivers as CounterAdditionalDriver[],
    cleaning: inspection.cleaning,
  };
}

export function toDamage(row: DamageRow, bookingId: string, kindOf: (inspectionId: string) => Damage['foundAt']) {
  return {
    _id: row.id,
    zone: row.zone,
    severity: row.severity,
    note: row.note,
    photos: row.photoFileIds.map((id) => ({ _id: id, url: fileUrl(bookingId, id) })),
    bookingId: row.bookingId,
    foundAt: row.bookingId === bookingId && row.inspectionId ? kindOf(row.inspectionId) : null,
    recordedAt: row.createdAt.toISOString(),
    repairedAt: row.repairedAt?.toISOString() ?? null,
  } satisfies Damage;
}

export function toCharge(record: ChargeRecord): Charge {
  const { charge } = record;
  return {
    _id: charge.id,
    kind: charge.kind,
    amount: charge.amount,
    currency: charge.currency,
    computation: charge.computation,
    vatRate: charge.vatRate,
    note: charge.note,
    createdAt: charge.createdAt.toISOString(),
    createdBy: charge.createdBy && record.createdByName ? { _id: charge.createdBy, name: record.createdByName } : null,
    waived: charge.waivedAt
      ? {
          at: charge.waivedAt.toISOString(),
          by: charge.waivedBy && record.waivedByName ? { _id: charge.waivedBy, name: record.waivedByName } : null,
          reason: charge.waiveReason ?? '',
        }
      : null,
  };
}

export const toDocument = (row: DocumentRow): BookingDocument => ({
  _id: row.id,
  kind: row.kind,
  version: row.version,
  language: row.language,
  sha256: row.sha256,
  signedAt: row.signedAt?.toISOString() ?? null,
  signerName: row.signerName,
  signatureMethod: row.signatureMethod,
  createdAt: row.createdAt.toISOString(),
  url: documentUrl(row.bookingId, row.id),
});

/** The audit trail's counter actions as timeline steps. */
const STEP_OF: Partial<Record<string, TimelineStep>> = {
  checkIn: 'checkedIn',
  checkOut: 'onRent',
  return: 'returned',
  close: 'closed',
  noShow: 'noShow',
  approveCancellation: 'cancelled',
};

export function timelineStep(action: string, changes: Record<string, { after: unknown }>): TimelineStep | null {
  const step = STEP_OF[action];
  if (step) return step;
  return action === 'update' && changes.status?.after === 'cancelled' ? 'cancelled' : null;
}
