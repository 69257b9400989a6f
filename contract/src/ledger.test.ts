import { describe, expect, it } from 'vitest';
import { settlementOf } from './amendments.ts';
import { type BookedTerms, priceChange } from './booked-terms.ts';
import { bookingBalance, type LedgerPayment } from './ledger.ts';

// The money ledger's rules (docs/decisions/0009-the-money-ledger.md): the balance from what was actually paid, held
// and given back; a change settled against it; a change priced at the booking's own terms, only what changes.

const payment = (overrides: Partial<LedgerPayment>): LedgerPayment => ({
  id: 'p1',
  kind: 'charge',
  purpose: 'rental',
  provider: 'demo',
  status: 'succeeded',
  amount: 12000,
  releasedAmount: 0,
  parentId: null,
  ...overrides,
});

describe('bookingBalance', () => {
  it('a no-show owes its fee and keeps what was paid, whichever is more; charges add to a rental', () => {
    const fee = { status: 'no_show' as const, totalAmount: 20000, charges: 5000, refunds: [] };
    expect(bookingBalance({ ...fee, payments: [] })).toMatchObject({ total: 5000, paid: 0, due: 5000, excess: 0 });
    expect(bookingBalance({ ...fee, payments: [payment({ amount: 8000 })] })).toMatchObject({ total: 8000, due: 0 });
    expect(bookingBalance({ ...fee, charges: 0, payments: [] })).toMatchObject({ total: 0, due: 0 });
    const returned = { status: 'returned' as const, totalAmount: 20000, charges: 3000, refunds: [] };
    expect(bookingBalance({ ...returned, payments: [payment({ amount: 20000 })] })).toMatchObject({
      total: 23000,
      due: 3000,
    });
  });

  it('paid: charges, captures and counter payments less refunds; only the gateways’ part is refundable online', () => {
    const balance = bookingBalance({
      status: 'paid',
      totalAmount: 20000,
      payments: [
        payment({}),
        payment({ id: 'p2', kind: 'counter', provider: 'counter', amount: 3000 }),
        payment({ id: 'p3', status: 'failed', amount: 99999 }),
        payment({ id: 'p4', status: 'pending', amount: 99999 }),
      ],
      refunds: [
        { paymentId: 'p1', status: 'succeeded', amount: 2000 },
        { paymentId: 'p1', status: 'pending', amount: 50000 },
      ],
    });
    expect(balance).toMatchObject({
      total: 20000,
      paid: 13000,
      paidOnline: 10000,
      refundable: 10000,
      held: 0,
      // A charge asked of its gateway and not answered: being taken, not paid (a desk payment cannot take it again).
      charging: 99999,
      due: 7000,
      excess: 0,
      tookMoney: true,
    });
  });

  it('the security deposit is apart from the total; a hold is held, not paid, less what was captured or released', () => {
    const balance = bookingBalance({
      status: 'deposit',
      totalAmount: 15000,
      payments: [
        payment({ purpose: 'deposit', amount: 50000 }),
        payment({ id: 'a1', kind: 'authorization', amount: 40000, releasedAmount: 5000 }),
        payment({ id: 'c1', kind: 'capture', parentId: 'a1', purpose: 'return_charges', amount: 10000 }),
      ],
      refunds: [{ paymentId: 'p1', status: 'succeeded', amount: 50000 }],
    });
    expect(balance).toMatchObject({ paid: 10000, depositPaid: 0, held: 25000, due: 5000, refundable: 10000 });
  });

  it('nothing taken: no money; void owes nothing; cancelled owes nothing more than was kept', () => {
    const none = bookingBalance({ status: 'void', totalAmount: 15000, payments: [], refunds: [] });
    expect(none).toMatchObject({ total: 0, paid: 0, due: 0, tookMoney: false });
    const pendingOnly = bookingBalance({
      status: 'pending',
      totalAmount: 15000,
      payments: [payment({ status: 'pending' })],
      refunds: [],
    });
    expect(pendingOnly).toMatchObject({ due: 15000, tookMoney: false });
    const cancelled = bookingBalance({
      status: 'cancelled',
      totalAmount: 15000,
      payments: [payment({})],
      refunds: [{ paymentId: 'p1', status: 'succeeded', amount: 8000 }],
    });
    expect(cancelled).toMatchObject({ total: 4000, paid: 4000, due: 0, excess: 0, tookMoney: true });
  });
});

describe('settlementOf', () => {
  const settle = (before: number, after: number, paid: number, chargeOnline = false, refundable = paid) =>
    settlementOf({ before, after, paid, refundable, chargeOnline });

  it('an empty change settles nothing, whatever was paid', () => {
    expect(settle(15000, 15000, 15000)).toEqual({ settlement: 'none', amount: 0, due: 0 });
    expect(settle(35000, 35000, 15000)).toEqual({ settlement: 'none', amount: 0, due: 20000 });
  });

  it('back to what was paid after an operator’s rise: what was due goes, nothing is refunded', () => {
    expect(settle(35000, 15000, 15000, true)).toEqual({ settlement: 'counter', amount: 20000, due: 0 });
  });

  it('below what was paid: the excess is refunded, never more than the gateways can give (the rest at the desk)', () => {
    expect(settle(40000, 10000, 40000, true)).toEqual({ settlement: 'refund', amount: 30000, due: 0 });
    expect(settle(40000, 10000, 40000, true, 25000)).toEqual({ settlement: 'refund', amount: 25000, due: 0 });
  });

  it('a rise: paid first online by the driver of a booking paid in full, else due at the counter', () => {
    expect(settle(15000, 20000, 15000, true)).toEqual({ settlement: 'charge', amount: 5000, due: 5000 });
    expect(settle(15000, 20000, 15000, false)).toEqual({ settlement: 'counter', amount: 5000, due: 5000 });
    // What was already due counts: only the growth is new.
    expect(settle(20000, 26000, 15000, true)).toEqual({ settlement: 'charge', amount: 6000, due: 11000 });
  });
});

describe('priceChange', () => {
  const terms: BookedTerms = {
    car: {
      dailyPrice: 10000,
      isDateBasedPrice: false,
      dateBasedPrices: [],
      deposit: 50000,
      cancellation: 0,
      amendments: 0,
      theftProtection: 1000,
      collisionDamageWaiver: -1,
      fullInsurance: -1,
      additionalDriver: -1,
    },
    priceChangeRate: 0,
    mileage: -1,
    fuelPolicy: 'likeForlike',
    minimumAge: 21,
  };
  const day = 24 * 3600_000;
  const pickupAt = new Date('2030-05-01T08:00:00Z');
  const rental = (days: number, extras = {}) => ({
    pickupAt,
    dropoffAt: new Date(pickupAt.getTime() + days * day),
    timeZone: 'Europe/Paris',
    extras,
  });
  const change = (storedTotal: number, after: ReturnType<typeof rental>) =>
    priceChange({
      terms,
      convert: (amount) => amount * 2,
      before: { ...rental(3), price: storedTotal, totalAmount: storedTotal * 2 },
      after,
    });

  it('an empty change keeps the stored totals, even ones its terms would not give', () => {
    expect(change(30000, rental(3))).toMatchObject({ price: 30000, totalAmount: 60000 });
    expect(change(40000, rental(3))).toMatchObject({ price: 40000, totalAmount: 80000 });
  });

  it('prices only what changes, at the terms: a day more, an extra added', () => {
    expect(change(40000, rental(4))).toMatchObject({ price: 50000, totalAmount: 100000 });
    expect(change(30000, rental(3, { theftProtection: true }))).toMatchObject({ price: 33000, totalAmount: 66000 });
  });
});
