import type { CreatePromoCodeBody, PromoCode, PromoKind } from '@roam/contract/promo-codes';
import { minorFromText, textFromMinor } from '#web/console/lib/car-form';

// A promo code as its form holds it (docs/api.md "Promo codes"): numbers as typed, an amount in euros (stored in EUR
// minor units, converted per booking), empty limits and days as none. The field names are the contract's, so its
// errors and the server's land on them.

export type PromoValues = {
  code: string;
  kind: PromoKind;
  value: string;
  validFrom: string;
  validUntil: string;
  minimumDays: string;
  placeIds: readonly string[];
  ranges: readonly string[];
  carIds: readonly string[];
  usageLimit: string;
  perCustomerLimit: string;
  firstBookingOnly: boolean;
  active: boolean;
  /** The admin's choice: '' every business (a new code only). */
  supplierId: string;
};

export const emptyPromoValues = (supplierId = ''): PromoValues => ({
  code: '',
  kind: 'percent',
  value: '',
  validFrom: '',
  validUntil: '',
  minimumDays: '0',
  placeIds: [],
  ranges: [],
  carIds: [],
  usageLimit: '',
  perCustomerLimit: '',
  firstBookingOnly: false,
  active: true,
  supplierId,
});

export function promoValues(code: PromoCode, format: (value: number) => string): PromoValues {
  return {
    code: code.code,
    kind: code.kind,
    value: code.kind === 'amount' ? textFromMinor(code.value, format) : String(code.value),
    validFrom: code.validFrom ?? '',
    validUntil: code.validUntil ?? '',
    minimumDays: String(code.minimumDays),
    placeIds: code.placeIds,
    ranges: code.ranges,
    carIds: code.carIds,
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    perCustomerLimit: code.perCustomerLimit === null ? '' : String(code.perCustomerLimit),
    firstBookingOnly: code.firstBookingOnly,
    active: code.active,
    supplierId: code.supplierId ?? '',
  };
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const limit = (text: string) => (text.trim() === '' ? null : whole(text));

/** The schema's input: `admin` names the business of a new code ('' every business). */
export function promoBody(values: PromoValues, { admin, isNew }: { admin: boolean; isNew: boolean }) {
  const body: CreatePromoCodeBody = {
    code: values.code,
    kind: values.kind,
    value: values.kind === 'amount' ? (minorFromText(values.value) ?? Number.NaN) : whole(values.value),
    validFrom: values.validFrom || null,
    validUntil: values.validUntil || null,
    minimumDays: values.minimumDays.trim() === '' ? 0 : whole(values.minimumDays),
    placeIds: [...values.placeIds],
    ranges: [...values.ranges] as CreatePromoCodeBody['ranges'],
    carIds: [...values.carIds],
    usageLimit: limit(values.usageLimit),
    perCustomerLimit: limit(values.perCustomerLimit),
    firstBookingOnly: values.firstBookingOnly,
    active: values.active,
  };
  return admin && isNew ? { ...body, supplierId: values.supplierId || null } : body;
}
