import type { DeskBooking, DeskBookingRow, DeskBookingsPage, DeskTotalsAnswer } from '@roam/contract/booking-desk';
import type { BookingRow } from '@roam/contract/bookings';

// The bookings desk's answers as the server gives them (contract booking-desk.schema.ts), for its screens' tests: each
// built on a driver's list row (test-fixtures.ts bookingRow), which the tests pass in.

export const DESK_ID = '6c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e';
export const OTHER_ID = '7d3e4f50-6172-4c8d-9eaf-1a2b3c4d5e6f';

/** Noémie's paid booking of the Clio: 120 € paid online through the demo gateway, 30 € refunded. */
export const deskRow = (base: BookingRow, overrides: Partial<DeskBookingRow> = {}): DeskBookingRow => ({
  ...base,
  status: 'paid',
  paymentOption: 'full',
  reference: 'DESK4FND',
  driver: {
    _id: base.driver._id,
    name: 'Noémie Deskfinder',
    email: 'noemie.desk@example.org',
    phone: '+33 6 71 23 45 98',
  },
  plate: 'AB-123-CD',
  money: { paid: 12000, refunded: 3000, revenue: 12000, state: 'paid' },
  cancelRequest: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** A page of the list; `hasMore`: another page follows. */
export const deskPage = (results: DeskBookingRow[], hasMore = false): DeskBookingsPage => ({ results, hasMore });

/** How many match, and the totals line of `count` bookings like `deskRow` (`POST /api/operator-bookings-totals`). */
export const deskTotals = (count: number): DeskTotalsAnswer => ({
  totalCount: count,
  totals: [{ currency: 'EUR', bookings: count, revenue: 12000 * count, refunded: 3000 * count }],
  asOf: '2026-11-20T10:05:00.000Z',
});

/** The same booking as its view reads it: contact, licence, money with its gateway references, a note. */
export const deskBooking = (base: BookingRow, overrides: Partial<DeskBooking> = {}): DeskBooking => ({
  ...deskRow(base),
  driver: {
    _id: base.driver._id,
    name: 'Noémie Deskfinder',
    email: 'noemie.desk@example.org',
    phone: '+33 6 71 23 45 98',
    birthDate: '1990-06-15',
    ageAtPickup: 38,
  },
  license: { url: '/api/license/8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d' },
  additionalDriver: null,
  extras: {
    cancellation: false,
    amendments: true,
    theftProtection: false,
    collisionDamageWaiver: false,
    fullInsurance: false,
    additionalDriver: false,
  },
  lines: [
    { item: 'rental', unit: 3500, quantity: 3, amount: 10500 },
    { item: 'amendments', unit: 500, quantity: 3, amount: 1500 },
  ],
  payments: [
    {
      purpose: 'rental',
      provider: 'demo',
      method: null,
      reference: 'demo_pay_7QX4',
      amount: 12000,
      currency: 'EUR',
      at: '2026-11-20T10:01:00.000Z',
      refunded: false,
    },
  ],
  refunds: [
    {
      purpose: 'amendment',
      provider: 'demo',
      method: null,
      reference: 'demo_refund_9KM2',
      amount: 3000,
      currency: 'EUR',
      status: 'succeeded',
      at: '2026-11-21T10:00:00.000Z',
    },
  ],
  documents: [
    { kind: 'receipt', url: `/api/booking-receipt/${DESK_ID}` },
    { kind: 'calendar', url: `/api/booking-calendar/${DESK_ID}` },
  ],
  notes: [
    {
      _id: '9f0a1b2c-3d4e-4f5a-8b6c-7d8e9f0a1b2c',
      text: 'Arrives on the late train.',
      author: { _id: base.supplier._id, name: 'Azur Coast Rentals' },
      createdAt: '2026-11-22T18:30:00.000Z',
    },
  ],
  holdExpiresAt: null,
  cancelRequestedAt: null,
  invoiceBuyer: null,
  actions: ['change', 'cancel', 'resendConfirmation', 'checkOut'],
  ...overrides,
});
