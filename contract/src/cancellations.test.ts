import { describe, expect, it } from 'vitest';
import { cancellationRefund } from './cancellations.ts';

// What an approved cancellation gives back (docs/architecture.md §5 Bookings, spec §5 terms text).

const HOUR = 3600_000;
const pickupAt = new Date('2027-05-10T08:00:00Z');
const base = {
  paymentOption: 'full' as const,
  paid: 30000,
  currency: 'EUR',
  rate: 1,
  price: 30000,
  rentalDays: 3,
  cancellationCovered: true,
  pickupAt,
  requestedAt: new Date(pickupAt.getTime() - 24 * HOUR),
};

describe('cancellationRefund', () => {
  it('is free 24 hours or more before pick-up when cancellation is covered: everything paid comes back', () => {
    expect(cancellationRefund(base)).toEqual({ free: true, fee: 0, refund: 30000 });
  });

  it('keeps one rental day a minute under 24 hours, or when cancellation is not covered', () => {
    const late = { ...base, requestedAt: new Date(pickupAt.getTime() - 24 * HOUR + 60_000) };
    expect(cancellationRefund(late)).toEqual({ free: false, fee: 10000, refund: 20000 });
    expect(cancellationRefund({ ...base, cancellationCovered: false })).toEqual({
      free: false,
      fee: 10000,
      refund: 20000,
    });
  });

  it('takes the fee in the currency paid, at the booking’s rate, never more than was paid', () => {
    // 100.00 EUR a day at 1.1 USD per EUR: 110.00 USD kept of 150.00 USD paid.
    const usd = { ...base, cancellationCovered: false, currency: 'USD', rate: 1.1, paid: 15000 };
    expect(cancellationRefund(usd)).toEqual({ free: false, fee: 11000, refund: 4000 });
    expect(cancellationRefund({ ...usd, paid: 5000 })).toEqual({ free: false, fee: 5000, refund: 0 });
  });

  it('pay later: free early, and nothing to refund either way', () => {
    const later = { ...base, paymentOption: 'payLater' as const, cancellationCovered: false, paid: 0 };
    expect(cancellationRefund(later)).toEqual({ free: true, fee: 0, refund: 0 });
    expect(cancellationRefund({ ...later, requestedAt: pickupAt })).toEqual({ free: false, fee: 0, refund: 0 });
  });
});
