import { calculatePrice } from '@roam/contract/price';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIO } from '#web/test-fixtures';
import { renderScreen, screenTests } from '#web/test-utils';
import { PriceSummary } from './price-summary';

// The checkout's price lines with the fees by rule (docs/architecture.md §5 "Fees by rule"): each its own line, in
// the checkout's words, its amount the label × days the one price function gives.

screenTests(['checkout', 'cars']);

describe('the price summary', () => {
  it('names the young-driver fee and the one-way fee, each line its unit × days, in the total', () => {
    const pickupAt = new Date('2030-06-01T10:00:00Z');
    const price = calculatePrice({
      car: CLIO,
      priceChangeRate: 0,
      pickupAt,
      dropoffAt: new Date('2030-06-04T10:00:00Z'),
      timeZone: 'UTC',
      rentalFees: { youngDriver: 1200, oneWay: 9000 },
    });
    renderScreen(<PriceSummary price={price} option="payLater" busy={false} />);
    const young = screen.getByText('Young driver fee');
    expect(young.nextElementSibling?.textContent).toMatch(/36/);
    expect(screen.getByText('One-way fee').nextElementSibling?.textContent).toMatch(/90/);
    expect(price.lines.find((line) => line.item === 'youngDriver')).toMatchObject({ quantity: 3, amount: 3600 });
    expect(price.total).toBe(price.rental + 3600 + 9000);
  });
});
