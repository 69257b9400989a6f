import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIO, NO_FEES_ANSWER, PARIS } from '#web/test-fixtures';
import { renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CheckoutForm } from './checkout-screen';
import { loadCheckoutMore } from './lib/use-checkout-form';

// The business's own extras on the checkout (docs/architecture.md §5 "Catalogue extras"): their section, loaded after
// first paint, and their lines in the summary by the same rule as the six.

screenTests(['checkout', 'cars', 'payment']);
// The sections below the fold are a lazy chunk: imported once here, as a browser has it by the time a user acts.
beforeAll(() => loadCheckoutMore());

const year = new Date().getUTCFullYear() + 2;
const CRITERIA = {
  pickupLocationId: PARIS._id,
  dropoffLocationId: PARIS._id,
  pickupAt: `${year}-06-01T10:00:00.000Z`,
  dropoffAt: `${year}-06-04T10:00:00.000Z`,
};
const names = (en: string) => ({ en, fr: `${en} fr`, es: `${en} es`, se: `${en} se`, de: `${en} de` });
const SEAT = {
  _id: '5ea70000-0000-4000-8000-000000000001',
  names: names('Child seat'),
  charge: 'perDay',
  price: 900,
  maxPerRental: null,
  maxQuantity: 2,
  mandatory: false,
  left: 1,
};
const CLEANING = {
  ...SEAT,
  _id: '5ea70000-0000-4000-8000-000000000002',
  names: names('Cleaning fee'),
  charge: 'perRental',
  price: 3000,
  maxQuantity: 1,
  mandatory: true,
  left: null,
};

describe('the checkout’s catalogue extras', () => {
  it('lists them with their stock, and prices each line as label × days with the percentage', async () => {
    const calls = serveApi({
      [`GET /api/car-catalogue-extras/${CLIO._id}`]: () => Response.json([SEAT, CLEANING]),
      // No fee by rule: the price waits for their quote all the same.
      ...NO_FEES_ANSWER,
    });
    const user = userEvent.setup();
    const car = { ...CLIO, supplier: { ...CLIO.supplier, priceChangeRate: 6.25 } };
    renderScreen(<CheckoutForm car={car} criteria={CRITERIA} user={null} pickupPlace={PARIS} dropoffPlace={PARIS} />, {
      path: '/checkout?carId=clio',
    });
    const seat = await screen.findByLabelText('Child seat');
    // 9.00 € a day + 6.25 % is 9.56 €; one left at the place, so at most one.
    expect(screen.getByText(/9\.56 € per day/)).toBeTruthy();
    expect(
      within(seat)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1']);
    // The mandatory fee is in the price at once, fixed at one.
    const line = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await screen.findByText('Cleaning fee', { selector: 'dt' })).toBeTruthy();
    expect(line('Cleaning fee')).toBe('31.88 €');
    expect((screen.getByLabelText('Cleaning fee') as HTMLSelectElement).disabled).toBe(true);
    await user.selectOptions(seat, '1');
    // Three days × 9.56 € = 28.68 €; the rental 127.50 € (3 × 40 € + 6.25 %): the lines make the total.
    expect(line('Child seat')).toBe('28.68 €');
    expect(line('Total')).toBe('188.06 €');
    expect(calls.some(({ route }) => route === 'POST /api/checkout')).toBe(false);
  });
});
