import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { PARIS } from '#web/test-fixtures';
import { describedBy, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { SearchForm } from './search-form';

// The search form's time lists follow the booking rules' opening hours (docs/vocabulary.md "booking rules"): a
// customer is offered only the hours a car can be picked up and dropped off, and a refused hour names those hours.

screenTests(['search']);

const RULES = {
  ...FALLBACK_SETTINGS,
  minPickupLeadHours: 0,
  earliestPickupHour: 8,
  latestPickupHour: 18,
  earliestDropoffHour: 9,
  latestDropoffHour: 17,
};

const options = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options, (option) => option.textContent);

describe('the search form’s times', () => {
  it('offer only the hours the booking rules allow at pick-up and at drop-off', async () => {
    serveApi({ 'GET /api/locations': () => Response.json([PARIS]) });
    renderScreen(<SearchForm onSearch={() => {}} />, { settings: RULES });
    await screen.findByLabelText('Pick-up time', {}, { timeout: 10_000 });
    const pickup = options('Pick-up time');
    expect(pickup[0]).toBe('8:00 AM');
    expect(pickup.at(-1)).toBe('6:00 PM');
    expect(pickup).toHaveLength(21);
    const dropoff = options('Drop-off time');
    expect([dropoff[0], dropoff.at(-1), dropoff.length]).toEqual(['9:00 AM', '5:00 PM', 17]);
  });

  it('name the allowed hours when a time from the address is outside them', async () => {
    serveApi({ 'GET /api/locations': () => Response.json([PARIS]) });
    const year = new Date().getUTCFullYear() + 1;
    const initial = {
      pickupLocationId: PARIS._id,
      dropoffLocationId: PARIS._id,
      // 06:00 and 20:00 in Paris (winter time, UTC+1).
      pickupAt: `${year}-01-12T05:00:00.000Z`,
      dropoffAt: `${year}-01-15T19:00:00.000Z`,
    };
    renderScreen(<SearchForm initial={initial} checked onSearch={() => {}} />, { settings: RULES });
    const pickup = await screen.findByLabelText('Pick-up time', {}, { timeout: 10_000 });
    expect(describedBy(pickup)).toContain('Invalid pick-up time: pick-up is from 8:00 AM to 6:00 PM');
    expect(describedBy(screen.getByLabelText('Drop-off time'))).toContain(
      'Invalid drop-off time: drop-off is from 9:00 AM to 5:00 PM',
    );
    // The address's own time stays in the list, in its place, so the field shows what was asked.
    expect(options('Pick-up time')[0]).toBe('6:00 AM');
  });
});

describe('a location with its own opening hours', () => {
  /** The server's times at Paris on the day asked: Saturday mornings and a key box after hours, 12 January closed. */
  const times = ({ url }: { url: URL }) => {
    const date = url.searchParams.get('date') ?? '';
    const closed = date.endsWith('-01-12');
    return Response.json({
      ownHours: true,
      open: closed ? [] : ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'],
      afterHours: closed ? [] : ['18:00', '18:30'],
      closure: closed ? 'Fête des Rois' : null,
      hours: closed ? '' : '09:00–12:00',
      afterHoursFeeMinor: closed ? null : 2500,
    });
  };

  it('offers only the times the server sends, the key box’s marked, whatever the site-wide hours', async () => {
    serveApi({ 'GET /api/locations': () => Response.json([PARIS]), 'GET /api/opening-times': times });
    const year = new Date().getUTCFullYear() + 1;
    // 15 January at 10:00 and 18 January at 11:00, Paris.
    const initial = {
      pickupLocationId: PARIS._id,
      dropoffLocationId: PARIS._id,
      pickupAt: `${year}-01-15T09:00:00.000Z`,
      dropoffAt: `${year}-01-18T10:00:00.000Z`,
    };
    renderScreen(<SearchForm initial={initial} onSearch={() => {}} />, { settings: RULES });
    await screen.findAllByText('6:30 PM · key box', {}, { timeout: 10_000 });
    expect(options('Pick-up time')).toEqual([
      '9:00 AM',
      '9:30 AM',
      '10:00 AM',
      '10:30 AM',
      '11:00 AM',
      '11:30 AM',
      '12:00 PM',
      '6:00 PM · key box',
      '6:30 PM · key box',
    ]);
  });

  it('names the day’s hours, or the closure, when the time from the address is refused', async () => {
    serveApi({ 'GET /api/locations': () => Response.json([PARIS]), 'GET /api/opening-times': times });
    const year = new Date().getUTCFullYear() + 1;
    const initial = {
      pickupLocationId: PARIS._id,
      dropoffLocationId: PARIS._id,
      // 12 January (closed) at 10:00 Paris, and 15 January at 14:00 (after noon, before the key box).
      pickupAt: `${year}-01-12T09:00:00.000Z`,
      dropoffAt: `${year}-01-15T13:00:00.000Z`,
    };
    renderScreen(<SearchForm initial={initial} checked onSearch={() => {}} />, { settings: RULES });
    const pickup = await screen.findByLabelText('Pick-up time', {}, { timeout: 10_000 });
    await screen.findByText('The location is closed that day: Fête des Rois.', {}, { timeout: 10_000 });
    expect(describedBy(pickup)).toContain('The location is closed that day: Fête des Rois.');
    expect(describedBy(screen.getByLabelText('Drop-off time'))).toContain(
      'The location is closed at this time. That day it is open 09:00–12:00.',
    );
  });
});
