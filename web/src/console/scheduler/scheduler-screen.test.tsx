import type { SchedulerPage } from '@roam/contract/scheduler';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { CLIO_ROW, renderOperator } from '#web/console/test-utils';

screenTests();

// The scheduler as a supplier meets it, against a stand-in server.

const BOOKING_ID = '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const answer = (): SchedulerPage => ({
  location: { _id: PARIS._id, name: PARIS.name, timeZone: 'Europe/Paris' },
  from: '2026-11-30T23:00:00.000Z',
  to: '2026-12-14T23:00:00.000Z',
  totalCount: 1,
  rows: [
    {
      car: {
        _id: CLIO_ROW._id,
        name: 'Renault Clio',
        licensePlate: 'AB-123-CD',
        range: 'mini',
        supplier: CLIO_ROW.supplier,
      },
      bookings: [
        {
          _id: BOOKING_ID,
          reference: 'K7RD2QXM',
          status: 'paid',
          pickupAt: '2026-12-03T09:00:00.000Z',
          dropoffAt: '2026-12-06T09:00:00.000Z',
          cancelRequest: false,
          overdue: false,
          driverName: 'Dana Driver',
        },
      ],
      blocks: [
        {
          _id: '6c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e',
          startAt: '2026-12-09T08:00:00.000Z',
          endAt: '2026-12-10T17:00:00.000Z',
          reason: 'maintenance',
        },
      ],
    },
  ],
});

describe('the scheduler', () => {
  it('opens the only place at once when there is one', async () => {
    const { calls } = renderOperator('/operator/scheduler?from=2026-12-01', {
      'POST /api/scheduler/1/20': () => Response.json(answer()),
    });
    expect(await screen.findByRole('table', { name: /Cars at .* by day/ })).toBeTruthy();
    expect(screen.queryByText('Choose a place to see its cars.')).toBeNull();
    expect(calls.find((call) => call.route === 'POST /api/scheduler/1/20')?.body).toMatchObject({
      locationId: PARIS._id,
    });
  });

  it("asks for a place first, then draws its cars by day with each booking's bar opening the booking", async () => {
    // Two places: one must be chosen.
    const LYON = { ...PARIS, _id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4e', name: 'Lyon Part-Dieu' };
    const { calls } = renderOperator('/operator/scheduler?from=2026-12-01', {
      'GET /api/locations': () => Response.json([PARIS, LYON]),
      'POST /api/scheduler/1/20': () => Response.json(answer()),
    });
    expect(await screen.findByText('Choose a place to see its cars.')).toBeTruthy();
    await screen.findByRole('option', { name: PARIS.name });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Place' }), PARIS.name);
    const table = await screen.findByRole('table', { name: /Cars at .* by day \(Europe\/Paris\)/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(15);
    const row = within(table).getByRole('row', { name: /Renault Clio/ });
    const bar = within(row).getByRole('link', { name: /K7RD2QXM · Paid, Dana Driver/ });
    expect(bar.getAttribute('href')).toBe(`/operator/bookings/${BOOKING_ID}`);
    // Its pick-up day has not come: no check-out yet.
    expect(within(row).queryByRole('link', { name: 'Check out K7RD2QXM' })).toBeNull();
    // Its cell spans the days it touches at the place: 3 to 6 December.
    expect(bar.closest('td')?.getAttribute('colspan')).toBe('4');
    const block = within(row).getByRole('link', { name: /Blocked: maintenance/ });
    expect(block.getAttribute('href')).toBe(`/operator/cars/${CLIO_ROW._id}/availability`);
    expect(calls.find((call) => call.route === 'POST /api/scheduler/1/20')?.body).toEqual({
      locationId: PARIS._id,
      from: '2026-12-01',
      to: '2026-12-15',
      language: 'en',
    });
  });

  it('moves by a fortnight and filters by range, from the first page', async () => {
    const { calls } = renderOperator(`/operator/scheduler?place=${PARIS._id}&from=2026-12-01&page=2`, {
      'POST /api/scheduler/1/20': () => Response.json(answer()),
      'POST /api/scheduler/2/20': () => Response.json({ ...answer(), rows: [], totalCount: 21 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Next fortnight' }));
    await screen.findByRole('table');
    expect(calls.at(-1)?.body).toMatchObject({ from: '2026-12-15', to: '2026-12-29' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'mini');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ from: '2026-12-15', ranges: ['mini'] }));
    expect(calls.at(-1)?.route).toBe('POST /api/scheduler/1/20');
  });

  it('offers the check-out beside the bar of a confirmed booking from its pick-up day, not after the car left', async () => {
    const page = answer();
    const row = page.rows[0];
    if (!row) throw new Error('no row');
    const booked = row.bookings[0] as (typeof row.bookings)[number];
    const now = Date.now();
    row.bookings = [
      { ...booked, pickupAt: new Date(now).toISOString(), dropoffAt: new Date(now + 2 * 86400_000).toISOString() },
      {
        ...booked,
        _id: '7d3e4f50-6172-4c8d-9eaf-102b3c4d5e6f',
        reference: 'M4RT8WQZ',
        status: 'on_rent',
        pickupAt: new Date(now - 86400_000).toISOString(),
        dropoffAt: new Date(now + 86400_000).toISOString(),
      },
    ];
    const today = new Date(now).toISOString().slice(0, 10);
    renderOperator(`/operator/scheduler?place=${PARIS._id}&from=${today}`, {
      'POST /api/scheduler/1/20': () => Response.json(page),
    });
    // The first paint loads the console's screen and strings: up to 20 s on a loaded machine.
    const checkOut = await screen.findByRole('link', { name: 'Check out K7RD2QXM' }, { timeout: 20_000 });
    expect(checkOut.getAttribute('href')).toBe(`/operator/bookings/${BOOKING_ID}/check-out`);
    // The bar itself still opens the booking; a car on rent offers its return through its bar, no check-out.
    expect(screen.getByRole('link', { name: /^K7RD2QXM · Paid/ }).getAttribute('href')).toBe(
      `/operator/bookings/${BOOKING_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Check out M4RT8WQZ' })).toBeNull();
  });

  it('draws a car on rent past its drop-off as overdue, in words, and opens its return', async () => {
    const page = answer();
    const row = page.rows[0];
    if (!row) throw new Error('no row');
    row.bookings = [{ ...(row.bookings[0] as (typeof row.bookings)[number]), status: 'on_rent', overdue: true }];
    renderOperator(`/operator/scheduler?place=${PARIS._id}&from=2026-12-01`, {
      'POST /api/scheduler/1/20': () => Response.json(page),
    });
    const bar = await screen.findByRole('link', {
      name: /K7RD2QXM · Overdue, Dana Driver, .*, overdue: on rent past its drop-off/,
    });
    expect(bar.getAttribute('href')).toBe(`/operator/bookings/${BOOKING_ID}/return`);
    expect(bar.className).toContain('sched-bar--overdue');
    const legend = screen.getByRole('list', { name: 'What the bars mean' });
    expect(within(legend).getByText('On rent')).toBeTruthy();
    expect(within(legend).getByText('Overdue')).toBeTruthy();
  });
});
