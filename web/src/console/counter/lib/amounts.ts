import { minorUnitDigits } from '@roam/contract/money';

// Amounts typed at the desk in the booking's own currency (a damage, a toll, a payment taken): "12,50", "12.5",
// "1 234,50", "1,234.50"; sent in that currency's minor units, as many decimals as it has (0 for JPY, 3 for KWD).

/** Minor units of `currency` from what was typed: null when blank, NaN when it is not an amount (the schema refuses). */
export function minorFromTyped(text: string, currency: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f']/g, '');
  if (compact === '') return null;
  const digits = minorUnitDigits(currency);
  const decimal = digits > 0 ? new RegExp(`[.,](\\d{1,${digits}})$`).exec(compact) : null;
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[.,](?=\d{3}(?:[.,]|$))/g, '');
  if (!/^\d+$/.test(whole)) return Number.NaN;
  return Number(whole) * 10 ** digits + (decimal ? Number((decimal[1] ?? '').padEnd(digits, '0')) : 0);
}
