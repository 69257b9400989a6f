import type { z } from 'zod';
import type {
  CheckoutBodySchema,
  CheckoutResultSchema,
  CreatePaypalOrderBodySchema,
  DemoPaymentBodySchema,
  GatewaySessionSchema,
  GuestDriverSchema,
  PaymentOutcomeSchema,
  PaymentResultSchema,
  PendingPaymentSchema,
} from './checkout.schema.ts';

// Checkout and payment: the demo gateway's card checks and the spec's card messages, and the payloads' types, without
// zod (the payment step reads them with its first paint). The schemas are in checkout.schema.ts.

/** Luhn check over digits (spaces allowed in the input). */
export function luhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 'MM/YY' not in the past (the card is valid through the end of its month). */
export function expiryValid(expiry: string, now: Date = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const [month, year] = [Number(match[1]), 2000 + Number(match[2])];
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** Spec §5 card messages, word for word. */
export const CARD_MESSAGES = {
  cardNumber: 'Invalid card number',
  expiry: 'Invalid expiry date',
  cvc: 'Invalid Card Validation Code',
} as const;

export type GuestDriverBody = z.infer<typeof GuestDriverSchema>;
export type CheckoutBody = z.infer<typeof CheckoutBodySchema>;
export type GatewaySession = z.infer<typeof GatewaySessionSchema>;
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;
export type CheckoutResult = z.infer<typeof CheckoutResultSchema>;
export type DemoPaymentBody = z.infer<typeof DemoPaymentBodySchema>;
export type PaymentResult = z.infer<typeof PaymentResultSchema>;
export type PaymentOutcome = z.infer<typeof PaymentOutcomeSchema>;
export type CreatePaypalOrderBody = z.infer<typeof CreatePaypalOrderBodySchema>;
