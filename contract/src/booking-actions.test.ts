import { describe, expect, it } from 'vitest';
import { type ActionableBooking, bookingActions, holdIsLive } from './booking-actions.ts';

// The one rule of what may be done with a booking, by whom, now.

const now = new Date('2030-01-10T12:00:00Z');
const DRIVER = { id: 'driver', type: 'user' as const };
const SUPPLIER = { id: 'supplier', type: 'supplier' as const };
const base: ActionableBooking = {
  status: 'pending',
  driverId: 'driver',
  supplierId: 'supplier',
  pickupAt: '2030-02-01T10:00:00Z',
  cancelRequest: false,
  holdExpiresAt: null,
  amendable: true,
  tookMoney: false,
};
const actions = (
  overrides: Partial<ActionableBooking>,
  viewer: { id: string; type: 'user' | 'supplier' | 'admin' } = DRIVER,
) => bookingActions({ ...base, ...overrides }, viewer, now);

describe('booking actions', () => {
  it('a paid booking cannot be deleted by its driver (the report: Delete shown, then refused with 409)', () => {
    expect(actions({ status: 'paid' })).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ status: 'paid', amendable: false })).toEqual(['view', 'cancel']);
    expect(actions({ status: 'cancelled' })).toEqual(['view', 'delete']);
  });

  it('an unpaid attempt: pay or release while its hold lasts, and nothing at all once it is gone', () => {
    const live = { status: 'void' as const, holdExpiresAt: '2030-01-10T12:20:00Z' };
    expect(actions(live)).toEqual(['view', 'pay', 'release']);
    expect(holdIsLive(live, now)).toBe(true);
    expect(actions({ status: 'void', holdExpiresAt: '2030-01-10T11:59:00Z' })).toEqual([]);
    expect(actions({ status: 'void', holdExpiresAt: null })).toEqual([]);
  });

  it('changes before pick-up where the terms allow them, however it was paid; a started booking is only viewed', () => {
    expect(actions({})).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ amendable: false })).toEqual(['view', 'cancel']);
    expect(actions({ status: 'deposit' })).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ status: 'reserved', amendable: false })).toEqual(['view', 'cancel']);
    expect(actions({ cancelRequest: true })).toEqual(['view']);
    expect(actions({ pickupAt: '2030-01-10T11:00:00Z' })).toEqual(['view']);
  });

  it('operators: the car’s supplier and admins; nobody else sees it', () => {
    expect(actions({ status: 'paid' }, SUPPLIER)).toEqual(['view', 'edit', 'cancel', 'delete']);
    expect(actions({ status: 'cancelled' }, { id: 'admin', type: 'admin' })).toEqual(['view', 'delete']);
    expect(actions({}, { id: 'other', type: 'supplier' })).toEqual([]);
    expect(actions({}, { id: 'other', type: 'user' })).toEqual([]);
  });

  it('a booking that took money is cancelled, never deleted; what became due is paid online', () => {
    expect(actions({ status: 'paid', tookMoney: true }, SUPPLIER)).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ status: 'cancelled', tookMoney: true }, SUPPLIER)).toEqual(['view']);
    expect(actions({ status: 'cancelled', tookMoney: true })).toEqual(['view']);
    const grown = { status: 'paid' as const, tookMoney: true, paymentOption: 'full' as const, amounts: { due: 800 } };
    expect(actions({ ...grown, paymentProvider: 'demo' })).toEqual(['view', 'edit', 'cancel', 'payDue']);
    // Paid at the counter, or nothing due: nothing to pay online.
    expect(actions({ ...grown, paymentProvider: null })).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ ...grown, paymentProvider: 'demo', amounts: { due: 0 } })).toEqual(['view', 'edit', 'cancel']);
    expect(actions({ ...grown, paymentProvider: 'demo', paymentOption: 'payLater' })).toEqual([
      'view',
      'edit',
      'cancel',
    ]);
    expect(actions({ ...grown, paymentProvider: 'demo' }, SUPPLIER)).toEqual(['view', 'edit', 'cancel']);
  });

  it("a returned rental's balance, a no-show's fee or a charge after the close is payable online by its driver only", () => {
    const owed = { amounts: { due: 2500 }, paymentProvider: null, paymentOption: 'payLater' as const };
    expect(actions({ ...owed, status: 'returned' })).toEqual(['view', 'payDue']);
    expect(actions({ ...owed, status: 'no_show' })).toEqual(['view', 'payDue']);
    expect(actions({ ...owed, status: 'returned', amounts: { due: 0 } })).toEqual(['view']);
    expect(actions({ ...owed, status: 'on_rent' })).toEqual(['view']);
    // A charge added after the close (a toll, a fine) is owed by link too (docs/decisions/0014-charges-after-the-rental.md).
    expect(actions({ ...owed, status: 'closed' })).toEqual(['view', 'payDue']);
    expect(actions({ ...owed, status: 'closed', amounts: { due: 0 } })).toEqual(['view']);
    expect(actions({ ...owed, status: 'returned' }, SUPPLIER)).toEqual(['view']);
    expect(actions({ ...owed, status: 'returned' }, { id: 'other', type: 'user' })).toEqual([]);
  });
});
