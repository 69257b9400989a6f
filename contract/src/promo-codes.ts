import type { z } from 'zod';
import { roundHalfUp } from './money.ts';
import type { PriceDiscount } from './price.ts';
import type {
  CheckPromoCodeBodySchema,
  CreatePromoCodeBodySchema,
  PromoCodeSchema,
  UpdatePromoCodeBodySchema,
} from './promo-codes.schema.ts';

// Promo codes (docs/architecture.md §5 "Promo codes"): a business's (or the platform's, for every business) code a
// customer types at checkout for a percentage or an amount off. The price engine (price.ts) takes the discount as
// its own line, after every other line; the booking keeps it in its terms (booked-terms.ts), so its receipt, invoice
// and every later change price it the same. The rules and the English messages are here, zod-free; the schemas in
// promo-codes.schema.ts.

/** A percentage off the rental's lines, or an amount off (minor units of the base currency). */
export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** What a code is typed as: letters, digits and dashes, compared without case. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
/** A code as it is stored and compared: trimmed, upper case. */
export const normalPromoCode = (code: string): string => code.trim().toUpperCase();

/** The discount a booking was bought with: its code and what it takes off (kept on the booking's terms). */
export interface PromoDiscount {
  code: string;
  kind: PromoKind;
  /** Percent (1–100) for 'percent'; minor units of the base currency for 'amount'. */
  value: number;
}

/**
 * What the discount takes off `subtotal` (the sum of every other line, minor units): the percentage rounded half up
 * once, or the amount — never more than the subtotal, so a total is never below zero.
 */
export function promoDiscountOf(promo: PromoDiscount, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const off = promo.kind === 'percent' ? roundHalfUp((subtotal * promo.value) / 100) : promo.value;
  return Math.min(subtotal, Math.max(0, off));
}

/**
 * The code's discount as the price engine takes it (price.ts `PriceDiscount`): its own line, `promo`, after every
 * other, a negative unit and amount, so the lines still add up to the total. The supplier's percentage is already in
 * the lines it is taken from.
 */
export const promoLine =
  (promo: PromoDiscount): PriceDiscount =>
  (lines) => {
    const off = promoDiscountOf(
      promo,
      lines.reduce((sum, line) => sum + line.amount, 0),
    );
    if (off > 0) lines.push({ item: 'promo', unit: -off, quantity: 1, amount: -off });
    return off;
  };

/**
 * Why a code does not apply, in the words the checkout shows at its field (the web translates them). An unknown code,
 * another business's and an inactive one all read "not valid", and only those spend the caller's guesses: a guesser
 * learns nothing of the codes it has not found.
 */
export const PROMO_MESSAGES = {
  invalid: 'This promo code is not valid.',
  notYet: 'This promo code is not valid yet.',
  expired: 'This promo code has expired.',
  tooShort: 'This promo code needs a longer rental.',
  notForThisCar: 'This promo code does not apply to this car or place.',
  usedUp: 'This promo code has been used up.',
  usedByYou: 'You have already used this promo code.',
  firstBookingOnly: 'This promo code is for a first booking only.',
  nothingOnline: 'This promo code leaves nothing to pay online: choose to pay at pick-up.',
  codeTaken: 'A promo code with this code already exists.',
} as const;
export type PromoRefusal = keyof typeof PROMO_MESSAGES;

export type PromoCode = z.infer<typeof PromoCodeSchema>;
export type CreatePromoCodeBody = z.input<typeof CreatePromoCodeBodySchema>;
export type UpdatePromoCodeBody = z.input<typeof UpdatePromoCodeBodySchema>;
export type CheckPromoCodeBody = z.infer<typeof CheckPromoCodeBodySchema>;
