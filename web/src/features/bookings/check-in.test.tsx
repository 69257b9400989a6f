import type { CheckIn } from '@roam/contract/counter.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/app/query-client';
import { SESSION_QUERY_KEY } from '#web/lib/session';
import { BOOKING_YEAR, booking, CLIO, DRIVER } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { BookingScreen } from './booking-screen';

// Online check-in from the booking page (docs/architecture.md §5 "After the booking"): the licence, the additional
// drivers, the agreement's key terms and its PDF, the signature drawn or typed; against a stand-in server.

screenTests(['bookings', 'checkout', 'cars']);

const ID = 'b5c00e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const state = (overrides: Partial<CheckIn> = {}): CheckIn => ({
  bookingId: ID,
  reference: 'K7QX4M2P',
  status: 'pending',
  opensAt: `${BOOKING_YEAR}-05-30T08:00:00.000Z`,
  open: true,
  checkedInAt: null,
  driverName: DRIVER.fullName,
  minimumAge: 21,
  dropoffAt: `${BOOKING_YEAR}-06-04T08:00:00.000Z`,
  licence: null,
  additionalDrivers: [],
  agreement: null,
  ...overrides,
});
const agreement = {
  _id: '0d1c2b3a-4f5e-4d6c-8b7a-6f5e4d3c2b1a',
  kind: 'agreement',
  version: 1,
  language: 'en',
  sha256: 'b'.repeat(64),
  signedAt: `${BOOKING_YEAR}-05-31T18:00:00.000Z`,
  signerName: DRIVER.fullName,
  signatureMethod: 'typed',
  createdAt: `${BOOKING_YEAR}-05-31T18:00:00.000Z`,
  url: `/api/booking-document/${ID}/0d1c2b3a-4f5e-4d6c-8b7a-6f5e4d3c2b1a`,
};

async function renderCheckIn(checkIn: CheckIn, search = '', user = DRIVER) {
  let signed = false;
  const calls = serveApi({
    [`GET /api/booking/${ID}`]: () => Response.json(booking(ID)),
    [`GET /api/car/${CLIO._id}`]: () => Response.json(CLIO),
    [`GET /api/check-in/${ID}`]: () => Response.json(checkIn),
    [`GET /api/booking-documents/${ID}`]: () => Response.json({ results: signed ? [agreement] : [] }),
    [`POST /api/check-in/${ID}`]: () => {
      signed = true;
      return Response.json(
        state({ checkedInAt: `${BOOKING_YEAR}-05-31T18:00:00.000Z`, agreement: agreement as never }),
      );
    },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, { user, unauthorized: false });
  renderScreen(<BookingScreen />, { path: `/booking?b=${ID}${search}`, queryClient });
  return calls;
}

describe('online check-in', () => {
  it('refuses an expired licence at its field, then checks in with an additional driver and a typed signature', async () => {
    const calls = await renderCheckIn(state());
    await userEvent.click(await screen.findByRole('button', { name: 'Check in online' }));
    const form = await screen
      .findByRole('group', { name: 'Signature' })
      .then((group) => group.closest('form') as HTMLElement);
    expect(within(form).getByRole('link', { name: 'Read the whole rental agreement (PDF)' }).getAttribute('href')).toBe(
      `/api/agreement-draft/${ID}?language=en`,
    );
    expect(within(form).getByText('Security deposit').nextElementSibling?.textContent).toBe('500 €');
    await userEvent.type(within(form).getByLabelText('Licence number'), 'D1234567');
    await userEvent.type(within(form).getByLabelText(/Issuing country/), 'gb');
    await userEvent.type(within(form).getByLabelText('Expiry date'), `${BOOKING_YEAR}-06-02`);
    await userEvent.type(within(form).getByLabelText('Date of birth'), '1990-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Add an additional driver' }));
    const second = within(form).getByRole('group', { name: 'Additional driver 1' });
    await userEvent.type(within(second).getByLabelText('Full name'), 'Alex Roux');
    await userEvent.type(within(second).getByLabelText('Licence number'), 'R7654321');
    await userEvent.type(within(second).getByLabelText(/Issuing country/), 'FR');
    await userEvent.type(within(second).getByLabelText('Expiry date'), '2035-01-01');
    await userEvent.type(within(second).getByLabelText('Date of birth'), '1985-03-04');
    await userEvent.click(within(form).getByRole('radio', { name: 'Type the full name' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /I have read the rental agreement/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and check in' }));
    expect(await within(form).findByText('The driving licence expires before the drop-off.')).toBeTruthy();
    expect(calls.some((call) => call.route.startsWith('POST /api/check-in'))).toBe(false);

    const expiry = within(form).getAllByLabelText('Expiry date')[0] as HTMLElement;
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2034-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and check in' }));
    const download = await screen.findByRole('link', { name: 'Rental agreement (version 1)' });
    // The signed agreement's download, who signed it and when, and the SHA-256 stored with it.
    const item = download.closest('li') as HTMLElement;
    expect(within(item).getByText(new RegExp(`^Signed on .* by ${DRIVER.fullName}$`))).toBeTruthy();
    expect(within(item).getByText('b'.repeat(64), { selector: 'code' }).parentElement?.textContent).toBe(
      `SHA-256 fingerprint: ${'b'.repeat(64)}`,
    );
    expect(calls.find((call) => call.route === `POST /api/check-in/${ID}`)?.body).toEqual({
      licence: {
        licenseNumber: 'D1234567',
        licenseCountry: 'GB',
        licenseExpiresOn: '2034-01-01',
        birthDate: '1990-01-01',
      },
      additionalDrivers: [
        {
          fullName: 'Alex Roux',
          licenseNumber: 'R7654321',
          licenseCountry: 'FR',
          licenseExpiresOn: '2035-01-01',
          birthDate: '1985-03-04',
        },
      ],
      signature: { method: 'typed', signerName: DRIVER.fullName, consent: true },
    });
    expect(screen.getByText(/You checked in online on/)).toBeTruthy();
  });

  it('opens from a link straight into the form, and signs with a signature drawn on the pad', async () => {
    // jsdom draws nothing: the canvas's context and image stand in for the browser's (the e2e signs in Chromium).
    const context = { beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn(), clearRect: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
    const calls = await renderCheckIn(
      state({
        licence: {
          licenseNumber: 'D1234567',
          licenseCountry: 'GB',
          licenseExpiresOn: '2034-01-01',
          birthDate: '1990-01-01',
        },
      }),
      '&checkIn=1',
    );
    const pad = await screen.findByRole('img', { name: 'Signature area' });
    expect((screen.getByLabelText('Licence number') as HTMLInputElement).value).toBe('D1234567');
    fireEvent.pointerDown(pad, { button: 0, pointerId: 1, clientX: 10, clientY: 20 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(pad, { pointerId: 1, clientX: 60, clientY: 40 });
    expect(context.lineTo).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and check in' }));
    await waitFor(() =>
      expect(calls.find((call) => call.route === `POST /api/check-in/${ID}`)?.body).toMatchObject({
        signature: { method: 'drawn', signerName: DRIVER.fullName, image: PNG },
      }),
    );
  });

  it('says when check-in opens, and offers nothing to fill before', async () => {
    await renderCheckIn(state({ open: false }));
    expect(await screen.findByText(/Online check-in opens on .*May 30/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check in online' })).toBeNull();
  });

  it("sends the booking's operator to the counter instead", async () => {
    const supplier = { ...DRIVER, _id: CLIO.supplier._id, type: 'supplier' as const };
    const calls = await renderCheckIn(state(), '', supplier);
    const link = await screen.findByRole('link', { name: 'Open at the counter' });
    expect(link.getAttribute('href')).toBe(`/operator/bookings/${ID}/check-out`);
    expect(screen.queryByRole('button', { name: 'Check in online' })).toBeNull();
    expect(calls.some((call) => call.route === `GET /api/check-in/${ID}`)).toBe(false);
  });
});
