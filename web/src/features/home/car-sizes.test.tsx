import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CarSizes } from './components/car-sizes';

// The home page's vehicle sizes with their 'from' prices (spec §2), against a stand-in server.

screenTests(['home', 'cars']);

describe('the car sizes', () => {
  it("write every 'from' price by one rule: whole euros, rounded up", async () => {
    serveApi({
      'GET /api/range-prices': () =>
        Response.json([
          { range: 'maxi', fromDailyPrice: 7000, carCount: 5 },
          { range: 'midi', fromDailyPrice: 3169, carCount: 5 },
          { range: 'mini', fromDailyPrice: 1900, carCount: 5 },
        ]),
    });
    renderScreen(<CarSizes />);
    expect(await screen.findByText('From 19 € per day')).toBeTruthy();
    expect(screen.getByText('From 32 € per day')).toBeTruthy();
    expect(screen.getByText('From 70 € per day')).toBeTruthy();
    expect(screen.queryByText(/31[.,]69/)).toBeNull();
  });
});
