import type { CheckOutBody, CounterBooking } from '@roam/contract/counter.schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';
import { BOOKING_ID, counterBooking, PHOTO_ID, serveUploads } from './counter-fixtures';

screenTests();

// The check-out at the lot (docs/architecture.md §5 "After the booking") as the desk meets it, against a stand-in
// server answering in the contract's shapes.

const PATH = `/operator/bookings/${BOOKING_ID}/check-out`;
const answer = (booking: CounterBooking) => () => Response.json(booking);
const onRent = (booking: CounterBooking): CounterBooking => ({
  ...booking,
  status: 'on_rent',
  actions: ['return'],
  documents: [
    {
      _id: '0d1c2b3a-4f5e-4d6c-8b7a-6f5e4d3c2b1a',
      kind: 'agreement',
      version: 1,
      language: 'fr',
      sha256: 'a'.repeat(64),
      signedAt: '2030-06-01T10:05:00.000Z',
      signerName: 'Camille Martin',
      signatureMethod: 'typed',
      createdAt: '2030-06-01T10:05:00.000Z',
      url: `/api/booking-document/${BOOKING_ID}/0d1c2b3a-4f5e-4d6c-8b7a-6f5e4d3c2b1a`,
    },
  ],
});

/** The customer's online check-in, done: their licence read and the agreement signed. */
const CHECKED_IN = {
  bookingId: BOOKING_ID,
  reference: 'K7RD2QXM',
  status: 'paid',
  opensAt: '2030-05-30T10:00:00.000Z',
  open: true,
  checkedInAt: '2030-05-31T18:00:00.000Z',
  driverName: 'Camille Martin',
  minimumAge: 21,
  dropoffAt: '2030-06-04T10:00:00.000Z',
  licence: {
    licenseNumber: '99ZZ11111',
    licenseCountry: 'FR',
    licenseExpiresOn: '2033-01-31',
    birthDate: '1990-01-01',
  },
  additionalDrivers: [],
  agreement: null,
};

async function fillLicence(expiresOn: string) {
  await userEvent.type(screen.getByLabelText('Licence number'), '12AB34567');
  await userEvent.type(screen.getByLabelText(/Issuing country/), 'fr');
  await userEvent.type(screen.getByLabelText('Expiry date'), expiresOn);
}

describe('the check-out screen', () => {
  it('refuses a licence that expires before the drop-off at its field, then hands the car over with everything checked', async () => {
    const uploads = serveUploads();
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: answer(counterBooking()),
      [`POST /api/check-out/${BOOKING_ID}`]: ({ body }) =>
        Response.json(onRent(counterBooking({ ...(body as object) }))),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-out K7RD2QXM' })).toBeTruthy();
    // The birth date comes from the driver's profile; the licence expires the day before the drop-off.
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('1990-01-01');
    await fillLicence('2030-06-03');
    await userEvent.type(screen.getByLabelText('Odometer'), '18240');
    await userEvent.click(screen.getByRole('radio', { name: '7/8' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Two keys' }));

    // Damage at the front left door, chosen from the keyboard, with a photo uploaded at once.
    const door = screen.getByRole('button', { name: 'Front left door' });
    door.focus();
    await userEvent.keyboard('{Enter}');
    const editor = screen.getByRole('region', { name: 'Front left door' });
    expect(document.activeElement).toBe(within(editor).getByRole('heading', { name: 'Front left door' }));
    await userEvent.click(within(editor).getByRole('radio', { name: 'Moderate' }));
    await userEvent.type(within(editor).getByLabelText('Note'), 'Scratch on the handle');
    const file = new File([new Uint8Array(2048)], 'door.jpg', { type: 'image/jpeg' });
    await userEvent.upload(editor.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(await within(editor).findByText('Photo 1: uploaded.')).toBeTruthy();
    expect(uploads[0]?.url).toBe(`/api/counter-photo/${BOOKING_ID}`);
    expect((uploads[0]?.form.get('photo') as File | undefined)?.name).toBe('door.jpg');
    await userEvent.click(within(editor).getByRole('button', { name: 'Add this damage' }));
    expect(screen.getByRole('button', { name: 'Front left door, 1 new damage' })).toBeTruthy();

    // Signed from the keyboard: the full name typed, the consent ticked.
    await userEvent.click(screen.getByRole('radio', { name: 'Type the full name' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read the rental agreement/ }));

    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    const expiry = screen.getByLabelText('Expiry date');
    expect(await screen.findByText('The driving licence expires before the drop-off.')).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.route.startsWith('POST /api/check-out'))).toBe(false);

    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2031-05-17');
    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    expect(await screen.findByText('The Renault Clio is on rent.')).toBeTruthy();
    const sent = calls.find((call) => call.route === `POST /api/check-out/${BOOKING_ID}`)?.body as CheckOutBody;
    expect(sent).toEqual({
      licence: {
        licenseNumber: '12AB34567',
        licenseCountry: 'FR',
        licenseExpiresOn: '2031-05-17',
        birthDate: '1990-01-01',
      },
      additionalDrivers: [],
      odometer: 18240,
      fuel: { kind: 'eighths', eighths: 7 },
      checklist: ['keys'],
      damages: [
        { zone: 'frontLeftDoor', severity: 'moderate', note: 'Scratch on the handle', photoFileIds: [PHOTO_ID] },
      ],
      notes: '',
      signature: { method: 'typed', signerName: 'Camille Martin', consent: true },
    });
    expect(screen.getByRole('link', { name: 'Signed agreement, version 1 (PDF)' })).toBeTruthy();
  });

  it('asks only for the readings and the damage when the customer checked in online and signed', async () => {
    const checkedIn = counterBooking({
      checkedInAt: '2030-05-31T18:00:00.000Z',
      documents: onRent(counterBooking()).documents,
    });
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: answer(checkedIn),
      [`GET /api/check-in/${BOOKING_ID}`]: () => Response.json(CHECKED_IN),
      [`POST /api/check-out/${BOOKING_ID}`]: () => Response.json(onRent(checkedIn)),
    });
    expect(await screen.findByText(/Checked in online on/)).toBeTruthy();
    expect(await screen.findByText('99ZZ11111')).toBeTruthy();
    expect(screen.queryByLabelText('Licence number')).toBeNull();
    expect(screen.getByText('Signed online by the customer: no signature needed.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Signature' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Odometer'), '18240');
    await userEvent.click(screen.getByRole('radio', { name: '8/8' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    await screen.findByText('The Renault Clio is on rent.');
    const sent = calls.find((call) => call.route === `POST /api/check-out/${BOOKING_ID}`)?.body;
    expect(sent).toEqual({
      odometer: 18240,
      fuel: { kind: 'eighths', eighths: 8 },
      checklist: [],
      damages: [],
      notes: '',
    });
  });

  it('opens the swap when the car is still out with the customer before, and sends the upgrade and a new signature', async () => {
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: answer(
        counterBooking({ checkedInAt: '2030-05-31T18:00:00.000Z', documents: onRent(counterBooking()).documents }),
      ),
      [`GET /api/check-in/${BOOKING_ID}`]: () =>
        Response.json({ code: 'NOT_FOUND', message: 'Not found.' }, { status: 404 }),
      [`GET /api/counter-swap-cars/${BOOKING_ID}`]: () =>
        Response.json({
          results: [
            {
              _id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
              name: 'Peugeot 3008',
              licensePlate: 'EF-456-GH',
              range: 'midi',
              image: null,
              repricedTotal: 15000,
            },
          ],
        }),
      [`POST /api/check-out/${BOOKING_ID}`]: ({ body }) =>
        (body as CheckOutBody).swap
          ? Response.json(onRent(counterBooking()))
          : Response.json(
              {
                code: 'CAR_STILL_ON_RENT',
                message: 'This car is still on rent (booking QW3RT7YZ). Swap the car for another free one.',
              },
              { status: 409 },
            ),
    });
    await userEvent.type(await screen.findByLabelText('Odometer'), '18240');
    await userEvent.click(screen.getByRole('radio', { name: '8/8' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    expect(
      await screen.findByText('This car is still on rent (booking QW3RT7YZ). Swap the car for another free one.'),
    ).toBeTruthy();
    await userEvent.click(await screen.findByRole('radio', { name: 'Peugeot 3008 · EF-456-GH · SUV' }));
    await userEvent.click(
      screen.getByRole('checkbox', { name: "Re-price at this car's rates: 150 € instead of 120 €" }),
    );
    // A swap asks the customer to sign again, though they signed online.
    await userEvent.click(screen.getByRole('radio', { name: 'Type the full name' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /I have read the rental agreement/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    await screen.findByText('The Renault Clio is on rent.');
    const sent = calls.filter((call) => call.route === `POST /api/check-out/${BOOKING_ID}`).at(-1)
      ?.body as CheckOutBody;
    expect(sent.swap).toEqual({ carId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', reprice: true });
    expect(sent.signature).toEqual({ method: 'typed', signerName: 'Camille Martin', consent: true });
    expect(sent.licence).toBeUndefined();
  });

  it('says nothing was e-mailed when the walk-in customer gave no e-mail address', async () => {
    const walkIn = counterBooking({
      driver: { ...counterBooking().driver, name: 'Nora Nomail', email: '' },
      checkedInAt: '2030-05-31T18:00:00.000Z',
      documents: onRent(counterBooking()).documents,
    });
    renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: answer(walkIn),
      [`GET /api/check-in/${BOOKING_ID}`]: () => Response.json(CHECKED_IN),
      [`POST /api/check-out/${BOOKING_ID}`]: () => Response.json(onRent(walkIn)),
    });
    await userEvent.type(await screen.findByLabelText('Odometer'), '18240');
    await userEvent.click(screen.getByRole('radio', { name: '8/8' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand over the car' }));
    const done = (await screen.findByText('The Renault Clio is on rent.')).closest('[role="status"]') as HTMLElement;
    expect(done.textContent).not.toMatch(/e-mailed/);
    expect(within(done).getByRole('link', { name: 'Signed agreement, version 1 (PDF)' })).toBeTruthy();
  });

  it("says when check-out opens, and records a no-show after the grace naming the supplier's rule", async () => {
    const waiting = counterBooking({ actions: ['noShow'], checkOutOpensAt: '2030-06-01T10:00:00.000Z' });
    const { calls } = renderOperator(PATH, {
      [`GET /api/counter-booking/${BOOKING_ID}`]: answer(waiting),
      [`GET /api/counter-settings/${waiting.supplier._id}`]: () =>
        Response.json({ noShowRule: 'fee', noShowFee: 5000, supplierId: waiting.supplier._id }),
      [`POST /api/no-show/${BOOKING_ID}`]: () =>
        Response.json({
          booking: { ...waiting, status: 'no_show', actions: [] },
          rule: 'fee',
          refunded: 7000,
          fee: 5000,
        }),
    });
    expect(await screen.findByText(/Check-out opens on/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hand over the car' })).toBeNull();
    // Offered once the supplier's rule is read (the confirmation names it; an early click met "your rule applies").
    const record = screen.getByRole('button', { name: 'Record a no-show' });
    await waitFor(() => expect(record.hasAttribute('disabled')).toBe(false));
    await userEvent.click(record);
    const dialog = await screen.findByRole('alertdialog', { name: 'Record booking K7RD2QXM as a no-show?' });
    expect(within(dialog).getByText(/a no-show fee of 50 € is charged/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record the no-show' }));
    expect(await screen.findByText('Recorded as a no-show. Fee: 50 €; refunded: 70 €.')).toBeTruthy();
    expect(calls.some((call) => call.route === `POST /api/no-show/${BOOKING_ID}`)).toBe(true);
  });
});
