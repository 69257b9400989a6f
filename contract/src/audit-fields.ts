import { EXTRAS, RATE_FIELDS } from './price.ts';

// How each audited field reads (docs/architecture.md §5 "Readable history"): the audit trail stores a change's values
// as the records hold them — minor units, enumeration codes, instants, ids — and the history screens show them as
// the editors do: money in the reader's currency format, an enumeration by its label, an instant at its place's
// clock with the zone, a record by its name. The server reads this table to name the records an entry points to and
// to give each entry its clocks and currency; the console reads it to write each value. Without zod (the console
// imports it with its screens).

/** The enumerations a history shows by their labels (the console maps each to its translated labels). */
export const AUDIT_ENUMS = [
  'range',
  'fuelType',
  'gearbox',
  'fuelPolicy',
  'carOption',
  'carAvailability',
  'blockReason',
  'status',
  'paymentOption',
  'deskPayment',
] as const;
export type AuditEnum = (typeof AUDIT_ENUMS)[number];

/** The records a history names instead of showing their id. */
export const AUDIT_RECORDS = ['location', 'account'] as const;
export type AuditRecord = (typeof AUDIT_RECORDS)[number];

/** The clocks an instant is shown at: the car's place, the booking's pick-up or drop-off place. */
export type AuditClock = 'car' | 'pickup' | 'dropoff';

export type AuditFieldFormat =
  | { kind: 'text' }
  | { kind: 'number'; unit?: 'km' | 'gPerKm' | 'years' }
  | { kind: 'boolean' }
  /** −1 unlimited, else kilometres. */
  | { kind: 'mileage' }
  /** Minor units of the base currency (a car's prices) or of the booking's currency (its amounts). */
  | { kind: 'money'; currency: 'base' | 'booking' }
  /**
   * `{ amount, currency }` (or `{ total, currency }`): a refund, a charge, a deposit taken, a return's charges, a
   * rental settled — in its own currency, else the booking's.
   */
  | { kind: 'moneyOf' }
  /** A walk-in's way to pay (`deskPayment`), or a payment the counter took (`{ amount, currency }`, as `moneyOf`). */
  | { kind: 'payment' }
  /** A rental agreement signed: `{ version, sha256 }`, shown by its version (the hash is the document's, not a reader's). */
  | { kind: 'agreement' }
  /** An extra's price: −1 unavailable, 0 included, else minor units of the base currency. */
  | { kind: 'extraPrice' }
  /** A car's date-based prices: `[{ startDate, endDate, dailyPrice }]`, daily prices in the base currency. */
  | { kind: 'datePrices' }
  /** An image's address: shown as "an image" or nothing, never as a URL. */
  | { kind: 'image' }
  /** An additional driver: `{ fullName, email, phone, birthDate }`. */
  | { kind: 'person' }
  | { kind: 'instant'; clock: AuditClock }
  | { kind: 'enum'; of: AuditEnum }
  | { kind: 'enumList'; of: AuditEnum }
  | { kind: 'record'; of: AuditRecord }
  | { kind: 'records'; of: AuditRecord };

const money = { kind: 'money', currency: 'base' } as const;

/** A car's fields (entity `car`), as its editor names them; a car's image and blocked periods too. */
const CAR_FIELDS: Record<string, AuditFieldFormat> = {
  supplierId: { kind: 'record', of: 'account' },
  name: { kind: 'text' },
  licensePlate: { kind: 'text' },
  range: { kind: 'enum', of: 'range' },
  fuelType: { kind: 'enum', of: 'fuelType' },
  gearbox: { kind: 'enum', of: 'gearbox' },
  seats: { kind: 'number' },
  doors: { kind: 'number' },
  aircon: { kind: 'boolean' },
  mileage: { kind: 'mileage' },
  fuelPolicy: { kind: 'enum', of: 'fuelPolicy' },
  multimedia: { kind: 'enumList', of: 'carOption' },
  deposit: money,
  minimumAge: { kind: 'number', unit: 'years' },
  co2: { kind: 'number', unit: 'gPerKm' },
  locationIds: { kind: 'records', of: 'location' },
  isDateBasedPrice: { kind: 'boolean' },
  dateBasedPrices: { kind: 'datePrices' },
  availability: { kind: 'enum', of: 'carAvailability' },
  fullyBooked: { kind: 'boolean' },
  ...Object.fromEntries(RATE_FIELDS.map((rate) => [rate, money])),
  ...Object.fromEntries(EXTRAS.map((extra) => [extra, { kind: 'extraPrice' }])),
};

/** A booking's fields (entity `booking`): a change, a cancellation and its refund, a request decided, a walk-in. */
const BOOKING_FIELDS: Record<string, AuditFieldFormat> = {
  pickupAt: { kind: 'instant', clock: 'pickup' },
  dropoffAt: { kind: 'instant', clock: 'dropoff' },
  pickupLocationId: { kind: 'record', of: 'location' },
  dropoffLocationId: { kind: 'record', of: 'location' },
  ...Object.fromEntries(EXTRAS.map((extra) => [extra, { kind: 'boolean' }])),
  additionalDriverDetails: { kind: 'person' },
  price: money,
  totalAmount: { kind: 'money', currency: 'booking' },
  status: { kind: 'enum', of: 'status' },
  cancelRequest: { kind: 'boolean' },
  refund: { kind: 'moneyOf' },
  charge: { kind: 'moneyOf' },
  message: { kind: 'text' },
  paymentOption: { kind: 'enum', of: 'paymentOption' },
  payment: { kind: 'payment' },
  // The counter's (server/src/features/counter/): the hand-over, the return, the desk's money, the close.
  checkedInAt: { kind: 'instant', clock: 'pickup' },
  agreement: { kind: 'agreement' },
  odometer: { kind: 'number', unit: 'km' },
  charges: { kind: 'moneyOf' },
  waived: { kind: 'moneyOf' },
  deposit: { kind: 'moneyOf' },
  due: { kind: 'money', currency: 'booking' },
  excess: { kind: 'money', currency: 'booking' },
  settled: { kind: 'moneyOf' },
};

/** Per audited entity (contract audit.ts AUDIT_ENTITIES), how its fields read. */
export const AUDIT_FIELD_FORMATS: Readonly<Record<string, Readonly<Record<string, AuditFieldFormat>>>> = {
  car: CAR_FIELDS,
  carImage: { image: { kind: 'image' }, photos: { kind: 'number' }, order: { kind: 'text' } },
  carBlock: {
    startAt: { kind: 'instant', clock: 'car' },
    endAt: { kind: 'instant', clock: 'car' },
    reason: { kind: 'enum', of: 'blockReason' },
    note: { kind: 'text' },
  },
  booking: BOOKING_FIELDS,
};

/** How `field` of an `entity` entry reads; a field not in the table is text (a value the trail never had before). */
export function auditFieldFormat(entity: string, field: string): AuditFieldFormat {
  return AUDIT_FIELD_FORMATS[entity]?.[field] ?? { kind: 'text' };
}

/** The ids an entry's values point to, by the kind of record (the server names them in the reader's language). */
export function auditReferences(
  entity: string,
  changes: Readonly<Record<string, { before: unknown; after: unknown }>>,
): Record<AuditRecord, string[]> {
  const ids: Record<AuditRecord, Set<string>> = { location: new Set(), account: new Set() };
  for (const [field, change] of Object.entries(changes)) {
    const format = auditFieldFormat(entity, field);
    if (format.kind !== 'record' && format.kind !== 'records') continue;
    for (const value of [change.before, change.after]) {
      const values = Array.isArray(value) ? value : [value];
      for (const id of values) if (typeof id === 'string') ids[format.of].add(id);
    }
  }
  return { location: [...ids.location], account: [...ids.account] };
}
