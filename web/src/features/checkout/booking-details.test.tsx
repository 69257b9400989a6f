import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIO, PARIS } from '#web/test-fixtures';
import { renderScreen, screenTests } from '#web/test-utils';
import { BookingDetails } from './components/booking-details';

// Checkout's booking details for a vehicle that is not a car.

screenTests(['checkout', 'cars']);

const year = new Date().getUTCFullYear() + 2;
const VESPA = { ...CLIO, name: 'Vespa Elettrica', range: 'scooter', fuelType: 'electric', doors: 0 } as const;

describe('the booking details at checkout', () => {
  it("say the vehicle's own type and only the facts that apply to it", () => {
    renderScreen(
      <BookingDetails
        car={VESPA}
        criteria={{
          pickupLocationId: PARIS._id,
          dropoffLocationId: PARIS._id,
          pickupAt: `${year}-06-01T10:00:00.000Z`,
          dropoffAt: `${year}-06-04T10:00:00.000Z`,
        }}
        pickupPlace={PARIS}
        dropoffPlace={PARIS}
        timeZone={PARIS.timeZone}
        price={null}
        dateError={() => undefined}
      />,
    );
    expect(screen.getByText('Vespa Elettrica').nextElementSibling?.textContent).toBe('Scooter');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toContain('Mileage');
    expect(terms).not.toContain('Doors');
    expect(terms).not.toContain('Air conditioning');
    expect(terms).not.toContain('Fuel policy');
  });
});
