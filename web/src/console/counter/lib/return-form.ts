import type { CounterBooking, ReturnReadingsBody } from '@roam/contract/counter';
import { readsBattery } from '@roam/contract/counter';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { minorFromTyped } from './amounts';
import type { DamageDraft } from './damage-draft';

// The return form's values (docs/architecture.md §5 "After the booking") and the readings they make for
// `POST /api/return-quote/{id}` and `POST /api/return/{id}` (contract ReturnReadingsSchema). The time is read at the
// return place's clock, to the minute, and always sent: the quote and the return then price the same lateness.

export interface ReturnValues {
  /** When the screen opened: the return's time while the desk leaves the date and time as they were shown. */
  openedAt: string;
  odometer: string;
  fuel: number | null;
  battery: string;
  /** When the car came back, at the return place's clock. */
  returnedDate: string;
  returnedTime: string;
  locationId: string;
  damages: readonly DamageDraft[];
  cleaning: boolean;
  checklist: readonly string[];
  notes: string;
}

export function returnValues(booking: CounterBooking, now: Date): ReturnValues {
  const { date, time } = instantToZoned(now, booking.dropoffLocation.timeZone);
  return {
    openedAt: now.toISOString(),
    odometer: '',
    fuel: null,
    battery: '',
    returnedDate: date,
    returnedTime: time.slice(0, 5),
    locationId: booking.dropoffLocation._id,
    damages: [],
    cleaning: false,
    checklist: [],
    notes: '',
  };
}

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** The readings from the values; `timeZone` is the return place's. */
export function returnInput(values: ReturnValues, booking: CounterBooking, timeZone: string): ReturnReadingsBody {
  const battery = whole(values.battery);
  const fuel = readsBattery(booking.car.fuelType)
    ? battery === undefined
      ? undefined
      : { kind: 'battery' as const, percent: battery }
    : values.fuel === null
      ? undefined
      : { kind: 'eighths' as const, eighths: values.fuel };
  const opened = instantToZoned(new Date(values.openedAt), timeZone);
  // Untouched, the time shown is the screen's opening to the second, not its minute: a car taken back in the minute
  // it was handed over is not "before the check-out".
  const returnedAt =
    values.returnedDate === opened.date && values.returnedTime === opened.time.slice(0, 5)
      ? values.openedAt
      : /^\d{4}-\d{2}-\d{2}$/.test(values.returnedDate) && /^\d{2}:\d{2}$/.test(values.returnedTime)
        ? zonedToInstant({ date: values.returnedDate, time: values.returnedTime }, timeZone).toISOString()
        : undefined;
  return {
    odometer: whole(values.odometer) as number,
    fuel: fuel as ReturnReadingsBody['fuel'],
    ...(returnedAt ? { returnedAt } : {}),
    locationId: values.locationId || undefined,
    damages: values.damages.map(({ zone, severity, note, photoFileIds, amount }) => ({
      zone,
      severity,
      note,
      photoFileIds,
      amount: (minorFromTyped(amount, booking.amounts.currency) ?? 0) as number,
    })),
    cleaning: values.cleaning,
    checklist: [...values.checklist],
    notes: values.notes,
  };
}

/** `POST /api/return-quote/{id}`'s schema (the return's is the same with the quote's total). */
export const returnSchema = () =>
  import('@roam/contract/counter.schema').then((contract) => contract.ReturnReadingsSchema);

/** The readings' key: a quote answers the readings it was asked with, and no others. */
export const readingsKey = (body: ReturnReadingsBody) => JSON.stringify(body);
