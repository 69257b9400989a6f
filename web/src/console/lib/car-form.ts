import { CAR_OPTIONS, type CarOption } from '@roam/contract/cars';
import {
  type CarFields,
  type CreateCarBody,
  carFieldIssues,
  type DateBasedPeriod,
  FLEET_MESSAGES,
  type OperatorCar,
} from '@roam/contract/fleet';
import { EXTRAS, type Extra, RATE_FIELDS, type RateField } from '@roam/contract/price';
import type { ContractSchema } from '#web/lib/use-contract-form';

// The car editor's values: what the operator types, as text where it types text. Money is typed in
// major units of the base currency (EUR) and sent in minor units; a blank optional price is "not set" (null). The
// field names are the contract's (`dailyPrice`, `cancellation`, `dateBasedPrices.1.startDate`…), so that the schema's
// and the server's field errors land on the field that shows the value.

export type ExtraChoice = 'unavailable' | 'included' | 'priced';

export interface PeriodValues {
  startDate: string;
  endDate: string;
  dailyPrice: string;
}

export type CarFormValues = {
  /** The admin names the supplier of a new car; '' for a supplier (its own). */
  supplierId: string;
  name: string;
  licensePlate: string;
  range: string;
  fuelType: string;
  gearbox: string;
  seats: string;
  doors: string;
  aircon: boolean;
  mileageKind: 'limited' | 'unlimited';
  /** Kilometres, when limited. */
  mileage: string;
  fuelPolicy: string;
  options: Record<CarOption, boolean>;
  deposit: string;
  minimumAge: string;
  co2: string;
  locationIds: readonly string[];
  availability: string;
  fullyBooked: boolean;
  isDateBasedPrice: boolean;
  dateBasedPrices: readonly PeriodValues[];
  extraChoices: Record<Extra, ExtraChoice>;
} & Record<RateField | Extra, string>;

/**
 * Minor units from what was typed: '' is none (null); a comma or a point before the last one or two digits is the
 * decimal separator ("12,5", "1 234.50", "1.234,50"); anything else is NaN, which the schema refuses.
 */
export function minorFromText(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return null;
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return Number.NaN;
  return Number(whole) * 100 + (decimal ? Number((decimal[1] ?? '').padEnd(2, '0')) : 0);
}

/** Minor units as the field shows them: whole amounts without decimals, in the language's way (`format`). */
export function textFromMinor(amount: number | null, format: (value: number) => string): string {
  if (amount === null) return '';
  return format(amount / 100);
}

const wholeNumber = (text: string): number | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

export function emptyCarValues(): CarFormValues {
  const blank = Object.fromEntries([...RATE_FIELDS, ...EXTRAS].map((field) => [field, ''])) as Record<
    RateField | Extra,
    string
  >;
  return {
    ...blank,
    supplierId: '',
    name: '',
    licensePlate: '',
    range: '',
    fuelType: '',
    gearbox: '',
    seats: '',
    doors: '',
    aircon: true,
    mileageKind: 'unlimited',
    mileage: '',
    fuelPolicy: '',
    options: Object.fromEntries(CAR_OPTIONS.map((option) => [option, false])) as Record<CarOption, boolean>,
    deposit: '',
    minimumAge: '21',
    co2: '',
    locationIds: [],
    availability: 'available',
    fullyBooked: false,
    isDateBasedPrice: false,
    dateBasedPrices: [],
    extraChoices: Object.fromEntries(EXTRAS.map((extra) => [extra, 'unavailable'])) as Record<Extra, ExtraChoice>,
  };
}

const choiceOf = (price: number): ExtraChoice => (price < 0 ? 'unavailable' : price === 0 ? 'included' : 'priced');

/** The editor's values for a car as its operator read it; `format` writes an amount in the interface language. */
export function carValues(car: OperatorCar, format: (value: number) => string): CarFormValues {
  const money = (amount: number | null) => textFromMinor(amount, format);
  const rates = Object.fromEntries(RATE_FIELDS.map((field) => [field, money(car[field])]));
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, car[extra] > 0 ? money(car[extra]) : '']));
  return {
    ...(rates as Record<RateField, string>),
    ...(extras as Record<Extra, string>),
    supplierId: car.supplierId,
    name: car.name,
    licensePlate: car.licensePlate ?? '',
    range: car.range,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    seats: String(car.seats),
    doors: String(car.doors),
    aircon: car.aircon,
    mileageKind: car.mileage < 0 ? 'unlimited' : 'limited',
    mileage: car.mileage < 0 ? '' : String(car.mileage),
    fuelPolicy: car.fuelPolicy,
    options: Object.fromEntries(CAR_OPTIONS.map((option) => [option, car.multimedia.includes(option)])) as Record<
      CarOption,
      boolean
    >,
    deposit: money(car.deposit),
    minimumAge: String(car.minimumAge),
    co2: car.co2 === null ? '' : String(car.co2),
    locationIds: car.locationIds,
    availability: car.availability,
    fullyBooked: car.fullyBooked,
    isDateBasedPrice: car.isDateBasedPrice,
    dateBasedPrices: car.dateBasedPrices.map((period) => ({
      startDate: period.startDate,
      endDate: period.endDate,
      dailyPrice: money(period.dailyPrice),
    })),
    extraChoices: Object.fromEntries(EXTRAS.map((extra) => [extra, choiceOf(car[extra])])) as Record<
      Extra,
      ExtraChoice
    >,
  };
}

/** An extra's value (spec §3: −1 unavailable, 0 included, a price); NaN when a price is chosen but not valid. */
export function extraValue(values: CarFormValues, extra: Extra): number {
  const choice = values.extraChoices[extra];
  if (choice === 'unavailable') return -1;
  if (choice === 'included') return 0;
  return minorFromText(values[extra]) ?? Number.NaN;
}

/**
 * What the values send: `POST /api/create-car`'s body, which `PUT /api/update-car` also takes field by field. A
 * required field left blank is absent or NaN, so that the schema says it is missing at that field.
 */
export function carBody(values: CarFormValues): CreateCarBody {
  const money = (text: string) => minorFromText(text);
  const rates = Object.fromEntries(RATE_FIELDS.map((field) => [field, money(values[field])]));
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, extraValue(values, extra)]));
  const co2 = wholeNumber(values.co2);
  return {
    ...rates,
    ...extras,
    supplierId: values.supplierId || undefined,
    name: values.name,
    licensePlate: values.licensePlate,
    range: (values.range || undefined) as CreateCarBody['range'],
    fuelType: (values.fuelType || undefined) as CreateCarBody['fuelType'],
    gearbox: (values.gearbox || undefined) as CreateCarBody['gearbox'],
    seats: wholeNumber(values.seats) as number,
    doors: wholeNumber(values.doors) as number,
    aircon: values.aircon,
    mileage: (values.mileageKind === 'unlimited' ? -1 : wholeNumber(values.mileage)) as number,
    fuelPolicy: (values.fuelPolicy || undefined) as CreateCarBody['fuelPolicy'],
    multimedia: CAR_OPTIONS.filter((option) => values.options[option]),
    deposit: (money(values.deposit) ?? undefined) as number,
    minimumAge: wholeNumber(values.minimumAge) ?? Number.NaN,
    co2: co2 === undefined ? null : co2,
    locationIds: [...values.locationIds],
    dailyPrice: (rates.dailyPrice ?? undefined) as number,
    isDateBasedPrice: values.isDateBasedPrice,
    dateBasedPrices: values.dateBasedPrices.map((period) => ({
      startDate: period.startDate,
      endDate: period.endDate,
      dailyPrice: (money(period.dailyPrice) ?? undefined) as number,
    })),
    availability: values.availability as CreateCarBody['availability'],
    fullyBooked: values.fullyBooked,
  } as CreateCarBody;
}

type Issue = { path: readonly PropertyKey[]; message: string };
/** What the schema gives: the car's fields as stored, and the supplier the admin named. */
export type CarOutput = CarFields & { supplierId?: string | undefined };

/**
 * The editor's schema: the contract's create schema, then its rules across fields (`carFieldIssues`: a discounted
 * price above its price, overlapping date-based periods at the later period's row…), as the server checks them; for
 * the admin, the supplier a new car needs. Loaded with the form (zod stays out of the screen's chunk).
 */
export async function carSchema({ supplierRequired }: { supplierRequired: boolean }) {
  const { CreateCarBodySchema } = await import('@roam/contract/fleet.schema');
  const schema: ContractSchema<CarOutput> = {
    safeParse(input) {
      const issues: Issue[] = [];
      const body = input as CreateCarBody;
      if (supplierRequired && !body.supplierId)
        issues.push({ path: ['supplierId'], message: FLEET_MESSAGES.required('Supplier') });
      const parsed = CreateCarBodySchema.safeParse(input);
      if (!parsed.success) issues.push(...parsed.error.issues);
      else
        for (const [path, messages] of Object.entries(carFieldIssues(parsed.data as CarFields)))
          for (const message of messages) issues.push({ path: path.split('.'), message });
      return issues.length > 0 || !parsed.success
        ? { success: false, error: { issues } }
        : { success: true, data: parsed.data as CarOutput };
    },
  };
  return schema;
}

/** The date-based periods as the price engine takes them (only valid rows). */
export function periodsOf(body: CreateCarBody): DateBasedPeriod[] {
  return (body.dateBasedPrices ?? []).filter(
    (period): period is DateBasedPeriod => Number.isInteger(period.dailyPrice) && period.dailyPrice > 0,
  );
}
