import type { AuditHistory } from '@roam/contract/audit';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage } from '#web/i18n/index';
import { bookingRow, PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator, SUPPLIER } from '#web/console/test-utils';
import { DESK_ID, deskBooking } from './desk-fixtures';

screenTests();

const FIRST_PAINT = { timeout: 20_000 };

/** The booking's history as the server answers it: a change of its drop-off and a refund, readable. */
const HISTORY: AuditHistory = {
  totalCount: 1,
  baseCurrency: 'EUR',
  names: { [PARIS._id]: PARIS.name },
  results: [
    {
      _id: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
      at: '2026-11-21T10:00:00.000Z',
      actor: {
        _id: SUPPLIER._id,
        fullName: SUPPLIER.fullName,
        type: 'supplier',
        role: 'owner',
        business: { _id: SUPPLIER._id, name: SUPPLIER.fullName },
      },
      entity: 'booking',
      entityId: DESK_ID,
      action: 'update',
      changes: {
        dropoffAt: { before: '2028-06-04T08:00:00.000Z', after: '2028-06-03T08:00:00.000Z' },
        dropoffLocationId: { before: PARIS._id, after: PARIS._id },
        refund: { before: null, after: { amount: 3000, currency: 'EUR' } },
        status: { before: 'paid', after: 'paid' },
      },
      clocks: { car: 'Europe/Paris', pickup: 'Europe/Paris', dropoff: 'Europe/Paris' },
      currency: 'EUR',
    },
  ],
};

const handlers = (overrides = {}) => ({
  [`GET /api/operator-booking/${DESK_ID}`]: () => Response.json(deskBooking(bookingRow(DESK_ID), overrides)),
  [`GET /api/booking-audit/${DESK_ID}/1/20`]: () => Response.json(HISTORY),
});

describe('the operator’s booking view (docs/architecture.md §5 "The bookings desk")', () => {
  afterAll(() => changeLanguage('en', { save: false }));

  it('reads the driver’s contact, age at pick-up and licence, the money with its gateway references', async () => {
    renderOperator(`/operator/bookings/${DESK_ID}`, handlers());
    await screen.findByRole('heading', { name: 'Booking DESK4FND', level: 1 }, FIRST_PAINT);
    const driver = screen.getByRole('region', { name: 'Driver' });
    expect(within(driver).getByRole('link', { name: 'noemie.desk@example.org' }).getAttribute('href')).toBe(
      'mailto:noemie.desk@example.org',
    );
    expect(within(driver).getByRole('link', { name: '+33 6 71 23 45 98' }).getAttribute('href')).toBe(
      'tel:+33671234598',
    );
    expect(driver.textContent).toContain('38 years old at pick-up');
    expect(within(driver).getByRole('img', { name: 'Driving licence of Noémie Deskfinder' }).getAttribute('src')).toBe(
      '/api/license/8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
    );
    const rental = screen.getByRole('region', { name: 'Rental' });
    expect(rental.textContent).toContain('AB-123-CD');
    // Times at the place's clock, with its zone.
    expect(rental.textContent).toContain('(Europe/Paris)');
    const money = screen.getByRole('region', { name: 'Money' });
    expect(money.textContent).toContain('demo_pay_7QX4');
    expect(money.textContent).toContain('demo_refund_9KM2');
    expect(money.textContent).toContain('30 €');
    // The counter's screens, linked when the status allows them.
    expect(screen.getByRole('link', { name: 'Check out' }).getAttribute('href')).toBe(
      `/operator/bookings/${DESK_ID}/check-out`,
    );
    expect(screen.queryByRole('link', { name: 'Take the car back' })).toBeNull();
  });

  it('says so when the licence is not for this operator to see', async () => {
    renderOperator(`/operator/bookings/${DESK_ID}`, handlers({ license: null }));
    const driver = await screen.findByRole('region', { name: 'Driver' }, FIRST_PAINT);
    expect(within(driver).queryByRole('img')).toBeNull();
    expect(driver.textContent).toContain('No driving licence was given with this booking.');
  });

  it('shows the additional driver with the licence the walk-in read', async () => {
    const additionalDriver = {
      fullName: 'Lea Licence',
      email: 'lea@example.com',
      phone: '+33 6 55 44 33 22',
      birthDate: '1991-03-04',
      ageAtPickup: 37,
      licence: { licenseNumber: 'FR-123456', licenseCountry: 'FR', licenseExpiresOn: '2040-01-31' },
    };
    renderOperator(`/operator/bookings/${DESK_ID}`, handlers({ additionalDriver }));
    const driver = await screen.findByRole('region', { name: 'Driver' }, FIRST_PAINT);
    expect(driver.textContent).toContain('Lea Licence');
    expect(driver.textContent).toContain('FR-123456 · France · valid until January 31, 2040');
  });

  it('a cancellation request: the decision pointed to where the role may take it, named as whose otherwise', async () => {
    const requested = { cancelRequest: true, cancelRequestedAt: '2026-11-20T09:00:00.000Z' };
    renderOperator(
      `/operator/bookings/${DESK_ID}`,
      handlers({ ...requested, actions: ['approveCancellation', 'declineCancellation'] }),
    );
    const note = await screen.findByRole('note', {}, FIRST_PAINT);
    expect(note.textContent).toBe('The driver asked to cancel this booking: approve or decline the request below.');
    cleanup();
    // A counter agent's actions leave the decision out (contract booking-desk.ts): no buttons to point to.
    renderOperator(`/operator/bookings/${DESK_ID}`, handlers({ ...requested, actions: ['checkOut'] }));
    expect((await screen.findByRole('note', {}, FIRST_PAINT)).textContent).toBe(
      'The driver asked to cancel this booking; a manager or the owner decides the request.',
    );
  });

  it('a counter customer who gave no e-mail: no empty mail link, "Not given"', async () => {
    const driver = { _id: DESK_ID, name: 'Nora Nomail', email: '', phone: '+33 6 11 22 33 44' };
    renderOperator(`/operator/bookings/${DESK_ID}`, {
      ...handlers(),
      [`GET /api/operator-booking/${DESK_ID}`]: () =>
        Response.json(
          deskBooking(bookingRow(DESK_ID), { driver: { ...deskBooking(bookingRow(DESK_ID)).driver, ...driver } }),
        ),
    });
    const region = await screen.findByRole('region', { name: 'Driver' }, FIRST_PAINT);
    expect(within(region).queryByRole('link', { name: '' })).toBeNull();
    expect(region.querySelector('a[href="mailto:"]')).toBeNull();
    expect(region.textContent).toContain('Not given');
  });

  it('lists the invoice and the credit note the ledger issued beside the receipt, each a PDF to download', async () => {
    const issued = (id: string, kind: 'invoice' | 'credit_note', number: string, gross: number) => ({
      id,
      kind,
      number,
      issuedAt: '2026-11-23T08:32:00.000Z',
      invoiceNumber: kind === 'credit_note' ? 'AZ-2026-0001' : null,
      net: Math.round(gross / 1.2),
      vat: gross - Math.round(gross / 1.2),
      gross,
      currency: 'EUR',
    });
    const invoice = '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e';
    const credit = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    renderOperator(`/operator/bookings/${DESK_ID}`, {
      ...handlers(),
      [`GET /api/booking-invoices/${DESK_ID}`]: () =>
        Response.json([
          issued(invoice, 'invoice', 'AZ-2026-0001', 12000),
          issued(credit, 'credit_note', 'AZ-C-2026-0001', -3000),
        ]),
    });
    const documents = await screen.findByRole('region', { name: 'Documents' }, FIRST_PAINT);
    const link = (name: string) => within(documents).findByRole('link', { name });
    expect((await link('Invoice AZ-2026-0001')).getAttribute('href')).toBe(
      `/api/booking-invoice/${DESK_ID}/${invoice}`,
    );
    expect((await link('Credit note AZ-C-2026-0001')).getAttribute('href')).toBe(
      `/api/booking-invoice/${DESK_ID}/${credit}`,
    );
    expect(within(documents).getByRole('link', { name: 'Receipt (PDF)' })).toBeTruthy();
  });

  it('counts a payment taken at the desk as paid, never as paid online', async () => {
    const cash = {
      purpose: 'rental' as const,
      provider: 'counter' as const,
      method: 'cash' as const,
      reference: null,
      amount: 2200,
      currency: 'EUR',
      at: '2026-11-23T08:30:00.000Z',
      refunded: false,
    };
    renderOperator(`/operator/bookings/${DESK_ID}`, {
      ...handlers(),
      [`GET /api/operator-booking/${DESK_ID}`]: () =>
        Response.json(
          deskBooking(bookingRow(DESK_ID), {
            paymentOption: 'payLater',
            money: { paid: 2200, refunded: 0, revenue: 2200, state: 'paid' },
            payments: [cash],
            refunds: [],
          }),
        ),
    });
    const money = await screen.findByRole('region', { name: 'Money' }, FIRST_PAINT);
    expect(within(money).getByText('Paid').nextElementSibling?.textContent).toBe('22 €');
    expect(within(money).queryByText(/online/)).toBeNull();
  });

  it('keeps notes between operators, newest first, and reads the history like the editor', async () => {
    const note = {
      _id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
      text: 'Keys at the front desk.',
      author: { _id: SUPPLIER._id, name: SUPPLIER.fullName },
      createdAt: '2026-11-23T09:00:00.000Z',
    };
    const { calls } = renderOperator(`/operator/bookings/${DESK_ID}`, {
      ...handlers(),
      [`POST /api/booking-note/${DESK_ID}`]: () =>
        Response.json([note, ...deskBooking(bookingRow(DESK_ID)).notes], { status: 201 }),
    });
    const user = userEvent.setup();
    const notes = await screen.findByRole('region', { name: 'Notes for the team' }, FIRST_PAINT);
    await user.type(within(notes).getByLabelText('New note'), 'Keys at the front desk.');
    await user.click(within(notes).getByRole('button', { name: 'Add the note' }));
    await waitFor(() =>
      expect(
        within(within(notes).getByRole('list', { name: 'Notes for the team' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('Keys at the front desk.'), expect.stringContaining('late train')]),
    );
    expect(calls.find(({ route }) => route === `POST /api/booking-note/${DESK_ID}`)?.body).toEqual({
      text: 'Keys at the front desk.',
    });
    const history = await screen.findByRole('list', { name: 'History' });
    const rows = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows.map(([field]) => field)).toEqual(['Drop-off', 'Drop-off place', 'Refund', 'Status']);
    expect(rows[2]).toEqual(['Refund', '—', '30 €']);
    expect(rows[3]).toEqual(['Status', 'Paid', 'Paid']);
    expect(rows[1]?.[2]).toBe(PARIS.name);
    expect(history.textContent).not.toContain(PARIS._id);
    expect(history.textContent).not.toContain('3000');
  });
});
