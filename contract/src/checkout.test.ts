import { describe, expect, it } from 'vitest';
import { CheckoutBodySchema, DemoPaymentBodySchema, expiryValid, luhnValid } from './checkout.ts';

describe('card checks (demo gateway)', () => {
  it('Luhn: the test numbers pass, a changed digit fails', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000 0000 0000 0002')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(luhnValid('abcd efgh ijkl mnop')).toBe(false);
  });

  it('expiry: valid through the end of its month', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('01/27', now)).toBe(true);
    expect(expiryValid('13/27', now)).toBe(false);
    expect(expiryValid('1/27', now)).toBe(false);
  });

  it('answers with the spec messages', () => {
    const result = DemoPaymentBodySchema.safeParse({ cardNumber: '1234', expiry: 'xx', cvc: '1', cardholder: 'A' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual(
      ['Invalid Card Validation Code', 'Invalid card number', 'Invalid expiry date'].sort(),
    );
  });
});

describe('CheckoutBodySchema', () => {
  it('takes choices, not prices, and defaults the currency and extras', () => {
    const body = CheckoutBodySchema.parse({
      carId: '780ef563-7012-49c1-b72e-52f81e88b91a',
      pickupLocationId: '9c0a5ee5-2b36-4ba0-8083-fe42fc984d35',
      dropoffLocationId: '9c0a5ee5-2b36-4ba0-8083-fe42fc984d35',
      pickupAt: '2027-01-10T09:00:00Z',
      dropoffAt: '2027-01-13T09:00:00Z',
      paymentOption: 'payLater',
      price: 1,
    });
    expect(body).not.toHaveProperty('price');
    expect(body).toMatchObject({ currency: 'EUR', extras: {} });
  });
});
