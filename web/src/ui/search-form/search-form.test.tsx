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
