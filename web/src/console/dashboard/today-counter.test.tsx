import type { Dashboard, Movement } from '@roam/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARIS } from '#web/test-fixtures';
import { screenTests } from '#web/test-utils';
import { renderOperator } from '#web/console/test-utils';

screenTests();

// Today at the counter (docs/architecture.md §5 "After the booking"): each pick-up waiting, checked in online or on
// rent, each opening its check-out; each return due, opening its return; overdue cars apart, in words as well as red.

const PLACE = { _id: PARIS._id, name: PARIS.name, timeZone: 'Europe/Paris' };
const move = (id: string, reference: string, overrides: Partial<Movement>): Movement => ({
  bookingId: id,
  reference,
  kind: 'pickup',
  at: '2026-12-03T09:00:00.000Z',
  location: PLACE,
  carName: 'Renault Clio',
  driverName: 'Dana Driver',
  status: 'paid',
  checkedInAt: null,
  overdue: false,
  ...overrides,
});
const IDS = [1, 2, 3, 4, 5].map((n) => `5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4${n}`);

const answer = (): Dashboard => ({
  today: {
    places: [{ location: PLACE, date: '2026-12-03', pickups: 3, dropoffs: 1 }],
    movements: [
      move(IDS[0] as string, 'WAITING1', {}),
      move(IDS[1] as string, 'ONLINE22', { checkedInAt: '2026-12-02T18:00:00.000Z' }),
      move(IDS[2] as string, 'OUTNOW33', { status: 'on_rent' }),
      move(IDS[3] as string, 'DUEBACK4', { kind: 'dropoff', status: 'on_rent', at: '2026-12-03T16:00:00.000Z' }),
    ],
    overdue: [
      move(IDS[4] as string, 'LATECAR5', {
        kind: 'dropoff',
        status: 'on_rent',
        at: '2026-12-01T09:00:00.000Z',
        overdue: true,
      }),
    ],
  },
  openCancellationRequests: 0,
  unpaidHolds: 0,
  lapsingDeposits: [],
  period: {
    from: '2026-12-01T00:00:00.000Z',
    to: '2027-01-01T00:00:00.000Z',
    baseCurrency: 'EUR',
    asOf: '2026-12-03T08:15:00.000Z',
    revenue: [],
    utilisation: { bySupplier: [], byRange: [], byPlace: [] },
  },
});

describe("the dashboard's counter work", () => {
  it('says where each pick-up and return stands and opens the check-out or the return; overdue cars apart', async () => {
    renderOperator('/operator/dashboard?first=2026-12-01&last=2026-12-31', {
      'GET /api/dashboard': () => Response.json(answer()),
    });
    const waiting = (await screen.findByRole('link', { name: 'WAITING1' })).closest('li') as HTMLElement;
    expect(within(waiting).getByText('Waiting')).toBeTruthy();
    expect(within(waiting).getByRole('link', { name: 'Check out WAITING1' }).getAttribute('href')).toBe(
      `/operator/bookings/${IDS[0]}/check-out`,
    );
    const online = screen.getByRole('link', { name: 'ONLINE22' }).closest('li') as HTMLElement;
    expect(within(online).getByText('Checked in online')).toBeTruthy();
    expect(within(online).getByRole('link', { name: 'Check out ONLINE22' })).toBeTruthy();
    const out = screen.getByRole('link', { name: 'OUTNOW33' }).closest('li') as HTMLElement;
    expect(within(out).getByText('On rent')).toBeTruthy();
    expect(within(out).queryByRole('link', { name: /Check out/ })).toBeNull();
    const due = screen.getByRole('link', { name: 'DUEBACK4' }).closest('li') as HTMLElement;
    expect(within(due).getByText('Due back')).toBeTruthy();
    expect(within(due).getByRole('link', { name: 'Take back DUEBACK4' }).getAttribute('href')).toBe(
      `/operator/bookings/${IDS[3]}/return`,
    );
    const overdue = screen.getByRole('region', { name: '1 car overdue' });
    const late = within(overdue).getByRole('listitem');
    expect(within(late).getByText('Overdue')).toBeTruthy();
    expect(late.textContent).toMatch(/due back Tue, Dec 1, 2026, 10:00/);
    expect(within(late).getByRole('link', { name: 'Take back LATECAR5' }).getAttribute('href')).toBe(
      `/operator/bookings/${IDS[4]}/return`,
    );
  });
});
