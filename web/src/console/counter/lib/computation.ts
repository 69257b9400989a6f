import type { Computation, ComputationLine, ComputationUnit } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { TFunction } from 'i18next';
import { formatNumber } from '#web/i18n/formats';

// A charge's computation as the desk reads it before confirming (docs/architecture.md §5 "After the booking"): each
// value in its unit, in the reader's language, and the whole as one line — "3/8 × 50 L × 1,90 € + 15 € refuelling
// fee = 43,13 €". The amounts are the server's, never recomputed here: shown = charged.

const UNITS: Partial<Record<ComputationUnit, string>> = {
  litres: 'liter',
  percent: 'percent',
  km: 'kilometer',
  minutes: 'minute',
  hours: 'hour',
  days: 'day',
};

/** One value of a computation in its unit: "3/8", "18.8 L", "250 km", "70 min", "43,13 €". */
export function formatValue(value: number, unit: ComputationUnit, currency: string, language: Language): string {
  if (unit === 'money') return formatMinor(value, currency, language);
  if (unit === 'eighths') return `${value}/8`;
  return formatNumber(value, language, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short' });
}

/** The computation's lines by key, each formatted. */
function valuesOf(computation: Computation, language: Language) {
  const values: Partial<Record<ComputationLine['key'], string>> = {};
  const raw: Partial<Record<ComputationLine['key'], number>> = {};
  for (const line of computation.lines) {
    values[line.key] = formatValue(line.value, line.unit, computation.currency, language);
    raw[line.key] = line.value;
  }
  return { values, raw };
}

/** The whole computation as one line in the reader's language, ending in its amount. */
export function computationSentence(t: TFunction, computation: Computation, language: Language): string {
  const { values: v, raw } = valuesOf(computation, language);
  const amount = formatMinor(computation.amount, computation.currency, language);
  if (v.missingEighths !== undefined)
    return t('operatorCounter.formula.fuel', {
      missing: v.missingEighths,
      tank: v.tankLitres,
      price: v.pricePerLitre,
      fee: v.refuellingFee,
      amount,
    });
  if (v.missingPercent !== undefined)
    return t('operatorCounter.formula.battery', {
      missing: v.missingPercent,
      price: v.pricePerPercent,
      fee: v.refuellingFee,
      amount,
    });
  if (v.kmOver !== undefined)
    return t('operatorCounter.formula.mileage', {
      driven: v.kmDriven,
      allowance: v.kmAllowance,
      perDay: v.kmPerDay,
      days: v.rentalDays,
      over: v.kmOver,
      price: v.pricePerKm,
      amount,
    });
  if (v.minutesLate !== undefined) {
    const late = { late: v.minutesLate, grace: v.graceMinutes, hours: v.lateHours, perHour: v.pricePerHour, amount };
    if ((raw.lateDays ?? 0) > 0)
      return t('operatorCounter.formula.lateDays', {
        ...late,
        days: v.lateDays,
        dayPrice: v.dayPrice,
        hoursCost: v.hoursCost,
      });
    // The started hours cost at most a day's price (contract lateCharge).
    const capped = (raw.hoursCost ?? 0) < (raw.lateHours ?? 0) * (raw.pricePerHour ?? 0);
    return capped
      ? t('operatorCounter.formula.lateCapped', { ...late, dayPrice: v.dayPrice })
      : t('operatorCounter.formula.late', late);
  }
  // A flat amount (one-way, cleaning, damage, a toll…) is its own computation.
  return amount;
}

/** Every line of the computation, labelled, for the details under the sentence. */
export function computationLines(t: TFunction, computation: Computation, language: Language) {
  return computation.lines.map((line) => ({
    key: line.key,
    label: t(`operatorCounter.line.${line.key}`),
    value: formatValue(line.value, line.unit, computation.currency, language),
  }));
}
