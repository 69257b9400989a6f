import type { CounterSettings, NoShowRule, UpdateCounterSettingsBody } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { LANGUAGES } from '@roam/contract/languages';
import { minorFromText, textFromMinor } from '#web/console/lib/car-form';

// The supplier's counter settings as its form holds them (docs/api.md "The counter"): money typed in euros (the rules
// are kept in EUR minor units, like a car's prices, and converted per booking), whole numbers as typed, the checklist
// with a label per language. The field names are the contract's, so its errors and the server's land on them.

export const MONEY_RULES = [
  'fuelPricePerLitre',
  'refuellingFee',
  'batteryPricePerPercent',
  'pricePerExtraKm',
  'latePricePerHour',
  'cleaningFee',
] as const;
export const WHOLE_RULES = ['defaultTankLitres', 'lateGraceMinutes'] as const;
type MoneyRule = (typeof MONEY_RULES)[number];
type WholeRule = (typeof WHOLE_RULES)[number];

export interface ChecklistValues {
  /** '' for an item added here: made from its English label when saved. */
  id: string;
  labels: Record<Language, string>;
}
export interface OneWayValues {
  fromLocationId: string;
  toLocationId: string;
  fee: string;
}

export type SettingsValues = {
  earlyCheckOutHours: string;
  noShowGraceMinutes: string;
  noShowRule: NoShowRule;
  noShowFee: string;
  checklist: readonly ChecklistValues[];
  terms: Record<Language, string>;
  chargeRules: Record<MoneyRule | WholeRule | 'oneWayFee', string> & { oneWayFees: readonly OneWayValues[] };
};

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
const euros = (text: string) => minorFromText(text) ?? undefined;

export function settingsValues(settings: CounterSettings, format: (value: number) => string): SettingsValues {
  const money = (amount: number | null) => textFromMinor(amount, format);
  const rules = settings.chargeRules;
  return {
    earlyCheckOutHours: String(settings.earlyCheckOutHours),
    noShowGraceMinutes: String(settings.noShowGraceMinutes),
    noShowRule: settings.noShowRule,
    noShowFee: money(settings.noShowFee),
    checklist: settings.checklist.map((item) => ({ id: item.id, labels: { ...item.labels } })),
    terms: { ...settings.terms },
    chargeRules: {
      ...(Object.fromEntries(MONEY_RULES.map((key) => [key, money(rules[key])])) as Record<MoneyRule, string>),
      defaultTankLitres: String(rules.defaultTankLitres),
      lateGraceMinutes: String(rules.lateGraceMinutes),
      oneWayFee: money(rules.oneWayFee),
      oneWayFees: rules.oneWayFees.map((pair) => ({ ...pair, fee: money(pair.fee) })),
    },
  };
}

/** A checklist item's id from its English label: lower-case letters, digits and dashes, unique in the list. */
export function slugFor(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'item';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export function settingsBody(values: SettingsValues, supplierId: string): UpdateCounterSettingsBody {
  const taken = new Set(values.checklist.map((item) => item.id).filter(Boolean));
  const checklist = values.checklist.map((item) => {
    if (item.id) return item;
    const id = slugFor(item.labels.en, taken);
    taken.add(id);
    return { ...item, id };
  });
  const rules = values.chargeRules;
  return {
    supplierId,
    earlyCheckOutHours: whole(values.earlyCheckOutHours) as number,
    noShowGraceMinutes: whole(values.noShowGraceMinutes) as number,
    noShowRule: values.noShowRule,
    noShowFee: (values.noShowRule === 'fee' ? euros(values.noShowFee) : (euros(values.noShowFee) ?? 0)) as number,
    checklist,
    terms: values.terms,
    chargeRules: {
      ...(Object.fromEntries(MONEY_RULES.map((key) => [key, euros(rules[key])])) as Record<MoneyRule, number>),
      defaultTankLitres: whole(rules.defaultTankLitres) as number,
      lateGraceMinutes: whole(rules.lateGraceMinutes) as number,
      oneWayFee: rules.oneWayFee.trim() === '' ? null : (euros(rules.oneWayFee) as number),
      oneWayFees: rules.oneWayFees.map((pair) => ({ ...pair, fee: euros(pair.fee) as number })),
    },
  };
}

export const settingsSchema = () =>
  import('@roam/contract/counter.schema').then((contract) => contract.UpdateCounterSettingsBodySchema);

export const emptyLabels = (): Record<Language, string> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, ''])) as Record<Language, string>;
