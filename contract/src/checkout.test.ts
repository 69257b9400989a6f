import { describe, expect, it } from 'vitest';
import { CheckoutBodySchema, checkoutFormSchema, DemoPaymentBodySchema } from './checkout.schema.ts';
import { expiryValid, luhnValid } from './checkout.ts';

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

describe('the checkout form', () => {
  const rules = {
    minimumAge: 25,
    pickupAt: '2030-06-01T08:00:00Z',
    timeZone: 'Europe/Paris',
    guest: true,
    additionalDriver: false,
    licenceRequired: false,
  };
  const driver = {
    fullName: 'Robin Guest',
    email: 'robin@example.com',
    phone: '+33 6 12 34 56 78',
    birthDate: '1990-05-17',
    acceptTerms: true,
  };
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

  it("takes the guest driver the server takes, and refuses one younger than the car's age on the pick-up day", () => {
    const form = checkoutFormSchema(rules);
    expect(form.safeParse({ driver, additionalDriver: {}, licence: null }).success).toBe(true);
    // 25 on 2 June 2030: one day short at pick-up.
    expect(issues(form.safeParse({ driver: { ...driver, birthDate: '2005-06-02' } }))).toEqual({
      'driver.birthDate': 'You must be at least 25 years old.',
    });
    expect(issues(form.safeParse({ driver: { ...driver, acceptTerms: false } }))).toEqual({
      'driver.acceptTerms': 'Accept the Terms of Use.',
    });
  });

  it('asks the additional driver and the licence only when they are needed', () => {
    const both = checkoutFormSchema({ ...rules, additionalDriver: true, licenceRequired: true });
    expect(Object.keys(issues(both.safeParse({ driver, additionalDriver: {}, licence: null })))).toEqual([
      'additionalDriver.fullName',
      'additionalDriver.email',
      'additionalDriver.phone',
      'additionalDriver.birthDate',
      'licence',
    ]);
  });

  it("checks a signed-in driver's birth date only, when the profile has one", () => {
    const signedIn = checkoutFormSchema({ ...rules, guest: false });
    expect(signedIn.safeParse({ driver: { birthDate: '' } }).success).toBe(true);
    expect(issues(signedIn.safeParse({ driver: { birthDate: '2010-01-01' } }))).toEqual({
      'driver.birthDate': 'You must be at least 25 years old.',
    });
  });
});
