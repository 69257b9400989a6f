import type { CarDetails } from '@roam/contract/cars';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { CLIO, NO_FEES_ANSWER, PARIS } from '#web/test-fixtures';
import { describedBy, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CheckoutForm } from './checkout-screen';

// What the checkout promises and keeps: the three payment options mean what they say (item 4), every
// promise comes from the car's own terms (item 7), and a reload keeps the customer's choices (item 11).

screenTests(['checkout', 'cars', 'payment']);

const pickupYear = new Date().getUTCFullYear() + 2;
const CRITERIA = {
  pickupLocationId: PARIS._id,
  dropoffLocationId: PARIS._id,
  pickupAt: `${pickupYear}-06-01T10:00:00.000Z`,
  dropoffAt: `${pickupYear}-06-04T10:00:00.000Z`,
};

// The payment options are below the fold, loaded after the first paint: each test waits for them.
const renderCheckout = async (car: CarDetails = CLIO, search = '?carId=clio') => {
  const rendered = renderScreen(
    <CheckoutForm car={car} criteria={CRITERIA} user={null} pickupPlace={PARIS} dropoffPlace={PARIS} />,
    { path: `/checkout${search}`, route: '/checkout' },
  );
  await screen.findAllByRole('radio');
  return rendered;
};
const option = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const priceLine = (label: string) =>
  within(screen.getByRole('complementary')).getByText(label).nextElementSibling?.textContent;

describe('the payment options', () => {
  it('the security deposit online takes the security deposit now and the rental at pick-up, not the rental twice', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    // The report: a 450 € security deposit on a rental of about 100 €.
    await renderCheckout({ ...CLIO, deposit: 45000, dailyPrice: 3373 });
    expect(describedBy(option('Hold the security deposit online'))).toContain(
      'Now: 450 € · At pick-up: 101.19 €Security deposit: 450 €, held on your card, not charged; released after the return',
    );
    expect(describedBy(option('Pay in full online'))).toContain(
      // Paid in full, the security deposit is held on the same card beside it (docs/decisions/0014-charges-after-the-rental.md).
      'Now: 101.19 € · At pick-up: 0 €Security deposit: 450 €, held on your card, not charged; released after the return',
    );
    expect(describedBy(option('Pay later at the counter'))).toContain('Now: 0 € · At pick-up: 101.19 €');
    await user.click(option('Hold the security deposit online'));
    expect(priceLine('To pay online now')).toBe('450 €');
    expect(priceLine('To pay at pick-up')).toBe('101.19 €');
  });

  it('names what will hold the deposit by what the site takes: the card, PayPal, or either', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const held = async (payment: Partial<typeof FALLBACK_SETTINGS.payment>) => {
      cleanup();
      renderScreen(
        <CheckoutForm car={CLIO} criteria={CRITERIA} user={null} pickupPlace={PARIS} dropoffPlace={PARIS} />,
        {
          path: '/checkout?carId=clio',
          route: '/checkout',
          settings: { ...FALLBACK_SETTINGS, payment: { ...FALLBACK_SETTINGS.payment, ...payment } },
        },
      );
      await screen.findAllByRole('radio');
      return describedBy(option('Pay in full online')).match(/held on your [^,]*/)?.[0];
    };
    expect(await held({ card: 'demo', wallet: false })).toBe('held on your card');
    expect(await held({ card: 'demo', wallet: true })).toBe('held on your card or PayPal account');
    expect(await held({ card: null, wallet: true })).toBe('held on your PayPal account');
  });

  it('offers only options that differ: no security deposit online for a car without one', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    await renderCheckout({ ...CLIO, deposit: 0 });
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['payLater', 'full']);
    expect(describedBy(option('Pay in full online'))).toContain('No security deposit');
  });
});

describe("the promises, from the car's own terms", () => {
  // The report: amendments unavailable, cancellation 32 €.
  const REPORTED = { ...CLIO, amendments: -1, cancellation: 3200 };

  it('promises no free changes for a car whose amendments are unavailable, nor a cancellation a fee would cost', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    await renderCheckout(REPORTED);
    expect(screen.queryByText(/Amendments and cancellation are free/)).toBeNull();
    expect(screen.getByText('This booking cannot be changed online.')).toBeTruthy();
    expect(screen.getByText('Free cancellation up to 24 hours before pick-up.')).toBeTruthy();
    await user.click(option('Pay in full online'));
    expect(
      screen.getByText(
        'A cancellation keeps one rental day (40 €) of what you paid. Add Cancellation (+ 32 €) to cancel free of charge up to 24 hours before pick-up.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Cancellation' }));
    expect(screen.getByText('Free cancellation up to 24 hours before pick-up.')).toBeTruthy();
  });

  it('names the kilometres a day and what one over costs at the return, or unlimited mileage', async () => {
    serveApi({});
    await renderCheckout({ ...CLIO, mileage: 200, pricePerExtraKm: 35 });
    expect(
      screen.getByText('200 km a day included; each kilometre over costs 0.35 €, charged at the return.'),
    ).toBeTruthy();
    cleanup();
    await renderCheckout({ ...CLIO, mileage: -1, pricePerExtraKm: null });
    expect(screen.getByText('Unlimited mileage.')).toBeTruthy();
  });

  it("states the car's own minimum driver age among its terms", async () => {
    serveApi({ ...NO_FEES_ANSWER });
    await renderCheckout({ ...CLIO, minimumAge: 21 });
    const terms = screen.getByText('Unlimited mileage.').closest('ul')!;
    expect(within(terms).getByText('Minimum driver age: 21.')).toBeTruthy();
  });

  it('promises free changes where the car includes Amendments, and says how to get them where it sells them', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    await renderCheckout({ ...CLIO, amendments: 0 });
    expect(screen.getByText('Changes to the dates and extras are free until pick-up.')).toBeTruthy();
    cleanup();
    await renderCheckout({ ...CLIO, amendments: 1500 });
    expect(screen.getByText('To change the dates or extras later, add Amendments (+ 15 €).')).toBeTruthy();
  });
});

describe('a reload keeps the choices', () => {
  it('reads the extras and the payment option from the address, and writes them there', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    const { router } = await renderCheckout(CLIO, '?carId=clio&extras=theftProtection&option=full');
    expect((screen.getByRole('switch', { name: 'Theft protection' }) as HTMLInputElement).checked).toBe(true);
    expect(option('Pay in full online').checked).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Additional driver' }));
    await user.click(option('Hold the security deposit online'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('extras')).toBe('theftProtection,additionalDriver');
    expect(params.get('option')).toBe('deposit');
    expect(params.get('carId')).toBe('clio');
  });

  it("keeps the driver's details in the tab's session storage, not the card, and fills them in again", async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    await renderCheckout();
    const driver = within(screen.getByRole('region', { name: 'Driver details' }));
    await user.click(driver.getByLabelText('Full name', { selector: 'input' }));
    await user.paste('Robin Guest');
    await user.click(driver.getByLabelText('Email', { selector: 'input' }));
    await user.paste('robin@example.com');
    cleanup();
    expect(window.sessionStorage.getItem('roam.checkout.driver')).toContain('robin@example.com');
    expect(window.localStorage.getItem('roam.checkout.driver')).toBeNull();

    await renderCheckout();
    const again = within(screen.getByRole('region', { name: 'Driver details' }));
    expect((again.getByLabelText('Full name', { selector: 'input' }) as HTMLInputElement).value).toBe('Robin Guest');
    expect((again.getByLabelText('Email', { selector: 'input' }) as HTMLInputElement).value).toBe('robin@example.com');
  });
});
