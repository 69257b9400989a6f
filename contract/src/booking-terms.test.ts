import { describe, expect, it } from 'vitest';
import { bookingTerms, extraCovered, offeredPaymentOptions } from './booking-terms.ts';

// Only options that differ are offered, and every promise comes from the car's own terms
// and the chosen option.

describe('payment options offered', () => {
  it('offers the deposit option only for a car with a security deposit, online options only with a gateway', () => {
    expect(offeredPaymentOptions({ deposit: 45000, payLater: true, online: true })).toEqual([
      'payLater',
      'deposit',
      'full',
    ]);
    // No security deposit: paying "the deposit" online would take nothing now, as the counter does.
    expect(offeredPaymentOptions({ deposit: 0, payLater: true, online: true })).toEqual(['payLater', 'full']);
    expect(offeredPaymentOptions({ deposit: 45000, payLater: false, online: true })).toEqual(['deposit', 'full']);
    expect(offeredPaymentOptions({ deposit: 45000, payLater: true, online: false })).toEqual(['payLater']);
  });
});

describe('booking terms', () => {
  // The report: amendments unavailable, cancellation 32 €.
  const reported = { amendments: -1, cancellation: 3200 };

  it('promises no free changes for a car whose amendments are unavailable', () => {
    expect(bookingTerms(reported, {}, 'payLater').changes).toBe('none');
  });

  it('changes: free when the car includes Amendments or they were chosen; possible with the extra otherwise', () => {
    expect(bookingTerms({ amendments: 0, cancellation: 0 }, {}, 'payLater').changes).toBe('free');
    expect(bookingTerms({ amendments: 1500, cancellation: 0 }, {}, 'payLater').changes).toBe('withExtra');
    expect(bookingTerms({ amendments: 1500, cancellation: 0 }, { amendments: true }, 'payLater').changes).toBe('free');
    // Paid online too (the difference refunded or paid through the booking's gateway).
    expect(bookingTerms({ amendments: 0, cancellation: 0 }, {}, 'full').changes).toBe('free');
    expect(bookingTerms({ amendments: 1500, cancellation: 0 }, { amendments: true }, 'full').changes).toBe('free');
    expect(bookingTerms({ amendments: 1500, cancellation: 0 }, {}, 'deposit').changes).toBe('withExtra');
  });

  it('cancellation: free when nothing is paid in advance or the extra covers it; else one rental day', () => {
    expect(bookingTerms(reported, {}, 'payLater')).toMatchObject({ cancellation: 'free', cancellationExtra: false });
    expect(bookingTerms(reported, {}, 'full')).toMatchObject({ cancellation: 'oneDay', cancellationExtra: true });
    expect(bookingTerms(reported, { cancellation: true }, 'deposit')).toMatchObject({
      cancellation: 'free',
      cancellationExtra: false,
    });
    expect(bookingTerms({ amendments: 0, cancellation: 0 }, {}, 'full').cancellation).toBe('free');
    expect(bookingTerms({ amendments: 0, cancellation: -1 }, {}, 'full')).toMatchObject({
      cancellation: 'oneDay',
      cancellationExtra: false,
    });
  });

  it('an extra is covered when included, or chosen where it exists', () => {
    expect(extraCovered(0, undefined)).toBe(true);
    expect(extraCovered(1500, true)).toBe(true);
    expect(extraCovered(1500, false)).toBe(false);
    expect(extraCovered(-1, true)).toBe(false);
  });
});
