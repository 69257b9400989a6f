import { licenceIssues } from '@roam/contract/counter';
import type { ContractSchema } from './use-contract-form';

// The rental's checks of every licence a body carries (contract licenceIssues: valid to the drop-off day, the car's
// minimum age on the pick-up day), beside the contract schema's own: the counter's check-out and the customer's
// check-in say "expired" at the field before anything is sent. The server checks the same again.

type Rental = Parameters<typeof licenceIssues>[1];
type Dates = { licenseExpiresOn?: unknown; birthDate?: unknown };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The rental of a booking as the contract's check reads it. */
export const rentalOf = (
  booking: { pickupAt: string; dropoffAt: string; pickupTimeZone: string; dropoffTimeZone: string },
  minimumAge: number,
): Rental => ({
  pickupAt: new Date(booking.pickupAt),
  pickupTimeZone: booking.pickupTimeZone,
  dropoffAt: new Date(booking.dropoffAt),
  dropoffTimeZone: booking.dropoffTimeZone,
  minimumAge,
});

/** `schema`, refusing also each licence of the body (`licence`, `additionalDrivers.N`) that fails the rental. */
export function withLicenceChecks<Output>(schema: ContractSchema<Output>, rental: Rental): ContractSchema<Output> {
  return {
    safeParse(input) {
      const body = (input ?? {}) as { licence?: Dates; additionalDrivers?: Dates[] };
      const licences: [readonly PropertyKey[], Dates | undefined][] = [
        [['licence'], body.licence],
        ...(body.additionalDrivers ?? []).map((driver, index): [PropertyKey[], Dates] => [
          ['additionalDrivers', index],
          driver,
        ]),
      ];
      const issues = licences.flatMap(([path, licence]) =>
        licence &&
        typeof licence.licenseExpiresOn === 'string' &&
        typeof licence.birthDate === 'string' &&
        DAY.test(licence.licenseExpiresOn) &&
        DAY.test(licence.birthDate)
          ? licenceIssues({ licenseExpiresOn: licence.licenseExpiresOn, birthDate: licence.birthDate }, rental).map(
              (issue) => ({ path: [...path, issue.field], message: issue.message }),
            )
          : [],
      );
      const result = schema.safeParse(input);
      if (issues.length === 0) return result;
      return { success: false, error: { issues: [...(result.success ? [] : result.error.issues), ...issues] } };
    },
  };
}
