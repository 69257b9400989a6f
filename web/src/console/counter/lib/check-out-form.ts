import type { CheckOutBody, CounterBooking } from '@roam/contract/counter';
import { readsBattery } from '@roam/contract/counter';
import { rentalOf, withLicenceChecks } from '#web/lib/licence-checks';
import type { DriverValues } from '#web/ui/additional-drivers-field';
import { emptyLicence, type LicenceValues } from '#web/ui/licence-fields';
import { emptySignature, type SignatureValues, signatureBody } from '#web/ui/signature-field';
import type { DamageDraft } from './damage-draft';

// The check-out form's values (docs/architecture.md §5 "After the booking") as the desk fills them, and the body of
// `POST /api/check-out/{id}` they make (contract CheckOutBodySchema). A customer who checked in online gave the
// licence, the additional drivers and the signature already: their check-out sends only the readings and the damage,
// unless the car is swapped, which asks for a new signature.

export interface CheckOutValues {
  licence: LicenceValues;
  additionalDrivers: readonly DriverValues[];
  /** Kilometres, as typed. */
  odometer: string;
  /** Eighths, once chosen (fuel cars). */
  fuel: number | null;
  /** Per cent, as typed (electric cars). */
  battery: string;
  checklist: readonly string[];
  damages: readonly DamageDraft[];
  notes: string;
  swap: { carId: string; reprice: boolean };
  signature: SignatureValues;
}

export const checkOutValues = (booking: CounterBooking): CheckOutValues => ({
  licence: emptyLicence(booking.driver.birthDate ?? ''),
  // The walk-in read the additional driver's licence already: the desk checks it rather than types it again.
  additionalDrivers: booking.knownDrivers.map((driver) => ({ ...driver })),
  odometer: '',
  fuel: null,
  battery: '',
  checklist: [],
  damages: [],
  notes: '',
  swap: { carId: '', reprice: false },
  signature: emptySignature(booking.driver.name),
});

/** The agreement was signed at the online check-in. */
export const signedOnline = (booking: CounterBooking) =>
  booking.documents.some((document) => document.kind === 'agreement' && document.signedAt !== null);

/** What the desk still has to do for this booking: a checked-in customer brought the licence and signed already. */
export function checkOutNeeds(booking: CounterBooking, values: Pick<CheckOutValues, 'swap'>) {
  const checkedIn = booking.checkedInAt !== null;
  return { licence: !checkedIn, drivers: !checkedIn, signature: !signedOnline(booking) || values.swap.carId !== '' };
}

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** The call's body from the values (the schema checks it: a blank reading is missing, a word is not a number). */
export function checkOutInput(values: CheckOutValues, booking: CounterBooking): CheckOutBody {
  const needs = checkOutNeeds(booking, values);
  const battery = whole(values.battery);
  const fuel = readsBattery(booking.car.fuelType)
    ? battery === undefined
      ? undefined
      : { kind: 'battery' as const, percent: battery }
    : values.fuel === null
      ? undefined
      : { kind: 'eighths' as const, eighths: values.fuel };
  return {
    ...(needs.licence ? { licence: values.licence } : {}),
    ...(needs.drivers ? { additionalDrivers: [...values.additionalDrivers] } : {}),
    odometer: whole(values.odometer) as number,
    fuel: fuel as CheckOutBody['fuel'],
    checklist: [...values.checklist],
    damages: values.damages.map(({ zone, severity, note, photoFileIds }) => ({ zone, severity, note, photoFileIds })),
    notes: values.notes,
    ...(values.swap.carId ? { swap: values.swap } : {}),
    ...(needs.signature ? { signature: signatureBody(values.signature) } : {}),
  };
}

/** `POST /api/check-out/{id}`'s schema, with the licence checks of the rental (lib/licence-checks.ts). */
export const checkOutSchema = (booking: CounterBooking) => async () => {
  const { CheckOutBodySchema } = await import('@roam/contract/counter.schema');
  return withLicenceChecks(
    CheckOutBodySchema,
    rentalOf(
      {
        pickupAt: booking.pickupAt,
        dropoffAt: booking.dropoffAt,
        pickupTimeZone: booking.pickupLocation.timeZone,
        dropoffTimeZone: booking.dropoffLocation.timeZone,
      },
      booking.car.minimumAge,
    ),
  );
};

/** The server's errors at a reading's part, shown at the reading's field. */
export const CHECK_OUT_FIELDS = { 'fuel.eighths': 'fuel', 'fuel.percent': 'battery' } as const;
