import type { AuditHistory, AuditHistoryEntry } from '@roam/contract/audit';
import { type AuditEnum, type AuditFieldFormat, auditFieldFormat } from '@roam/contract/audit-fields';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { TFunction } from 'i18next';
import { formatDay, formatInZone, formatNumber } from '#web/i18n/formats';

// A history's values as the editors show them (docs/architecture.md §5 "Readable history"): money in the reader's
// currency format, an enumeration by its label, an instant at its place's clock with the zone, a record by its name,
// never an id, a minor unit or raw JSON. How each field reads is the contract's table (audit-fields.ts).

/** Where each enumeration's labels are: the screens' own words for it. */
const ENUM_KEYS: Record<AuditEnum, string> = {
  range: 'cars.range',
  fuelType: 'cars.fuelType',
  gearbox: 'cars.gearbox',
  fuelPolicy: 'cars.fuelPolicy',
  carOption: 'cars.option',
  carAvailability: 'cars.availability',
  blockReason: 'operatorCars.blocks.reasons',
  status: 'operatorScheduler.status',
  paymentOption: 'operatorCars.history.values.paymentOption',
  deskPayment: 'operatorCars.history.values.deskPayment',
};

export const NOTHING = '—';

type Context = Pick<AuditHistory, 'names' | 'baseCurrency'> & Pick<AuditHistoryEntry, 'clocks' | 'currency'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any other value, written plainly: a list joined, an object's fields as "name: value" (never JSON). */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (Array.isArray(value)) return value.length === 0 ? NOTHING : value.map(plain).join(', ');
  if (isRecord(value))
    return Object.entries(value)
      .map(([key, item]) => `${key}: ${plain(item)}`)
      .join(', ');
  return String(value);
}

/** `{ amount, currency }` or `{ total, currency }` as money; without a currency, the booking's. */
function moneyOf(value: unknown, context: Context, language: Language): string {
  if (!isRecord(value)) return plain(value);
  const amount = typeof value.amount === 'number' ? value.amount : value.total;
  const currency = typeof value.currency === 'string' ? value.currency : (context.currency ?? context.baseCurrency);
  return typeof amount === 'number' ? formatMinor(amount, currency, language) : plain(value);
}

function enumLabel(t: TFunction, of: AuditEnum, value: unknown): string {
  const code = String(value);
  return t(`${ENUM_KEYS[of]}.${code}`, { defaultValue: code });
}

/** One value of one field, as its editor would show it, in `language`. */
export function auditValue(
  t: TFunction,
  language: Language,
  format: AuditFieldFormat,
  value: unknown,
  context: Context,
): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  const number = typeof value === 'number' ? value : Number.NaN;
  const money = (amount: number, currency: string) => formatMinor(amount, currency, language);
  switch (format.kind) {
    case 'number': {
      if (Number.isNaN(number)) return plain(value);
      if (format.unit === 'years') return t('operatorCars.history.values.years', { count: number });
      const shown = formatNumber(number, language);
      return format.unit === 'km' ? `${shown} km` : format.unit === 'gPerKm' ? `${shown} g/km` : shown;
    }
    case 'boolean':
      return value === true ? t('cars.yes') : value === false ? t('cars.no') : plain(value);
    case 'mileage':
      return number === -1
        ? t('cars.unlimited')
        : Number.isNaN(number)
          ? plain(value)
          : `${formatNumber(number, language)} km`;
    case 'money':
      return Number.isNaN(number)
        ? plain(value)
        : money(
            number,
            format.currency === 'booking' ? (context.currency ?? context.baseCurrency) : context.baseCurrency,
          );
    case 'moneyOf':
      return moneyOf(value, context, language);
    case 'payment':
      return typeof value === 'string' ? enumLabel(t, 'deskPayment', value) : moneyOf(value, context, language);
    case 'extraPrice':
      if (number === -1) return t('cars.extraState.unavailable');
      if (number === 0) return t('cars.extraState.included');
      return Number.isNaN(number) ? plain(value) : money(number, context.baseCurrency);
    case 'datePrices':
      if (!Array.isArray(value)) return plain(value);
      return value.length === 0
        ? NOTHING
        : value
            .filter(isRecord)
            .map((period) =>
              t('operatorCars.history.values.datePrice', {
                from: formatDay(String(period.startDate), language),
                to: formatDay(String(period.endDate), language),
                price: money(Number(period.dailyPrice), context.baseCurrency),
              }),
            )
            .join('; ');
    case 'agreement':
      return isRecord(value) && typeof value.version === 'number'
        ? t('operatorCars.history.values.agreement', { version: value.version })
        : plain(value);
    case 'image':
      return t('operatorCars.history.values.image');
    case 'person':
      if (!isRecord(value)) return plain(value);
      return [
        value.fullName,
        value.email,
        value.phone,
        value.birthDate ? formatDay(String(value.birthDate), language) : '',
      ]
        .filter(Boolean)
        .join(', ');
    case 'instant': {
      const zone = context.clocks[format.clock] ?? 'UTC';
      return typeof value === 'string' ? formatInZone(value, zone, language) : plain(value);
    }
    case 'enum':
      return enumLabel(t, format.of, value);
    case 'enumList':
      return Array.isArray(value)
        ? value.length === 0
          ? NOTHING
          : value.map((item) => enumLabel(t, format.of, item)).join(', ')
        : enumLabel(t, format.of, value);
    case 'record':
      return context.names[String(value)] ?? t('operatorCars.history.values.gone');
    case 'records':
      return Array.isArray(value)
        ? value.length === 0
          ? NOTHING
          : value.map((id) => context.names[String(id)] ?? t('operatorCars.history.values.gone')).join(', ')
        : plain(value);
    default:
      return plain(value);
  }
}

/** An entry's changed fields, each with its value before and after as its editor shows them. */
export function readableChanges(t: TFunction, language: Language, entry: AuditHistoryEntry, history: AuditHistory) {
  const context = { ...history, clocks: entry.clocks, currency: entry.currency };
  return Object.entries(entry.changes).map(([field, change]) => {
    const format = auditFieldFormat(entry.entity, field);
    return {
      field,
      before: auditValue(t, language, format, change.before, context),
      after: auditValue(t, language, format, change.after, context),
    };
  });
}
