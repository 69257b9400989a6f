import type { CarDetails } from '@roam/contract/cars';
import type { CheckoutBody } from '@roam/contract/checkout';
import type { Location } from '@roam/contract/locations';
import type { Settings } from '@roam/contract/settings';
import type { User } from '@roam/contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS } from '#web/lib/settings';
import { CLIO, DRIVER, NO_FEES_ANSWER, PARIS } from '#web/test-fixtures';
import { describedBy, isInvalid, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CheckoutForm } from './checkout-screen';
import { loadCheckoutMore } from './lib/use-checkout-form';

// The checkout form's rules as a guest or a driver meets them (spec §2, §5), against a stand-in server.

screenTests(['checkout', 'cars']);
// The sections below the fold are a lazy chunk: imported once here, as a browser has it by the time a user acts.
beforeAll(() => loadCheckoutMore());

/** Three days from 10:00 (UTC), two years ahead: ages below are counted on that pick-up day. */
const pickupYear = new Date().getUTCFullYear() + 2;
const CRITERIA = {
  pickupLocationId: PARIS._id,
  dropoffLocationId: PARIS._id,
  pickupAt: `${pickupYear}-06-01T10:00:00.000Z`,
  dropoffAt: `${pickupYear}-06-04T10:00:00.000Z`,
};

const BOOKED = {
  bookingId: 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11',
  payment: null,
  walletEnabled: false,
  accountCreated: true,
};

function renderCheckout({
  car = CLIO,
  user = null,
  settings = FALLBACK_SETTINGS,
  place = PARIS,
}: {
  car?: CarDetails;
  user?: User | null;
  settings?: Settings;
  place?: Location;
} = {}) {
  return renderScreen(
    <CheckoutForm car={car} criteria={CRITERIA} user={user} pickupPlace={place} dropoffPlace={place} />,
    { path: '/checkout?carId=clio', settings },
  );
}

/** A field of the driver's section (the additional driver's has the same labels). */
const field = (label: string) =>
  within(screen.getByRole('region', { name: 'Driver details' })).getByLabelText(label, { selector: 'input' });

async function fillGuest(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>> = {}) {
  const guest = {
    'Full name': 'Robin Guest',
    Email: 'robin@example.com',
    Phone: '+33 6 12 34 56 78',
    'Birth date': '1990-05-17',
    ...values,
  };
  // Pasted, not typed key by key: once a Book was refused, every key checks the whole form again.
  for (const [label, value] of Object.entries(guest)) {
    if (!value) continue;
    await user.click(field(label));
    await user.paste(value);
  }
}

describe('the checkout form (a guest)', () => {
  it('names every missing field of the driver and the terms, focuses the first and books nothing', async () => {
    const calls = serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Book' }));

    for (const label of ['Full name', 'Email', 'Phone', 'Birth date']) {
      await waitFor(() => expect(describedBy(field(label))).toBe(`Please fill in the field: ${label}`));
      expect(isInvalid(field(label))).toBe(true);
    }
    expect(describedBy(screen.getByLabelText('I have read and accept the Terms of Use.'))).toBe(
      'Accept the Terms of Use.',
    );
    // A long form: what the refusal means is said where the user is, in a toast.
    expect(await screen.findByText('Please fill in the fields: Full name, Email, Phone, Birth date')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Full name')));
    expect(calls.filter(({ route }) => route === 'POST /api/checkout')).toEqual([]);
  });

  it("refuses a driver younger than the car's minimum age on the pick-up day, and says that age", async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    renderCheckout({ car: { ...CLIO, minimumAge: 25 } });
    expect(screen.getByText('The driver must be at least 25 years old at pick-up.')).toBeTruthy();
    // 25 the day after the pick-up.
    await fillGuest(user, { 'Birth date': `${pickupYear - 25}-06-02` });
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(describedBy(field('Birth date'))).toBe('You must be at least 25 years old.'));
  });

  it('books a valid guest: the driver, the terms, the language and the chosen options go to the server', async () => {
    const calls = serveApi({ ...NO_FEES_ANSWER, 'POST /api/checkout': () => Response.json(BOOKED, { status: 201 }) });
    const user = userEvent.setup();
    renderCheckout();
    await user.click(screen.getByRole('switch', { name: 'Theft protection' }));
    await fillGuest(user);
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));

    expect(await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`)).toBeTruthy();
    const body = calls.find(({ route }) => route === 'POST /api/checkout')?.body as CheckoutBody;
    expect(body).toMatchObject({
      carId: CLIO._id,
      ...CRITERIA,
      extras: { theftProtection: true },
      paymentOption: 'payLater',
      currency: 'EUR',
      driver: {
        fullName: 'Robin Guest',
        email: 'robin@example.com',
        phone: '+33 6 12 34 56 78',
        birthDate: '1990-05-17',
        acceptTerms: true,
        language: 'en',
      },
    });
    expect(body.additionalDriver).toBeUndefined();
  });

  it('asks for the additional driver when that extra is chosen, and sends them', async () => {
    const calls = serveApi({ ...NO_FEES_ANSWER, 'POST /api/checkout': () => Response.json(BOOKED, { status: 201 }) });
    const user = userEvent.setup();
    renderCheckout();
    expect(screen.queryByRole('heading', { name: 'Additional driver' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Additional driver' }));
    const section = screen.getByRole('region', { name: 'Additional driver' });
    await fillGuest(user);
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const fullName = within(section).getByLabelText('Full name');
    await waitFor(() => expect(describedBy(fullName)).toBe('Please fill in the field: Full name'));

    const second = { 'Full name': 'Sam Second', Email: 'sam@example.com', Phone: '+33 6 98 76 54 32' };
    for (const [label, value] of Object.entries({ ...second, 'Birth date': '1985-02-03' })) {
      await user.click(within(section).getByLabelText(label));
      await user.paste(value);
    }
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`);
    const body = calls.find(({ route }) => route === 'POST /api/checkout')?.body as CheckoutBody;
    expect(body.additionalDriver).toEqual({
      fullName: 'Sam Second',
      email: 'sam@example.com',
      phone: '+33 6 98 76 54 32',
      birthDate: '1985-02-03',
    });
  });

  it('says on leaving the e-mail field that the address has an account, with a way to sign in and come back', async () => {
    serveApi({
      ...NO_FEES_ANSWER,
      'POST /api/validate-email': () =>
        refusal(409, 'EMAIL_TAKEN', { email: ['This email address is already registered.'] }),
    });
    const user = userEvent.setup();
    renderCheckout();
    await user.type(field('Email'), 'driver@roam.localhost');
    await user.tab();
    await waitFor(() =>
      expect(describedBy(field('Email'))).toBe('This email address is already registered. Sign in to continue'),
    );
    expect(screen.getByRole('link', { name: 'Sign in to continue' }).getAttribute('href')).toBe(
      `/sign-in?redirect=${encodeURIComponent('/checkout?carId=clio')}`,
    );
  });

  it("shows the server's refusals where they belong: the address at its field, a date by the dates", async () => {
    let answer = refusal(409, 'EMAIL_TAKEN', { 'driver.email': ['This email address is already registered.'] });
    serveApi({ ...NO_FEES_ANSWER, 'POST /api/checkout': () => answer });
    const user = userEvent.setup();
    renderCheckout();
    await fillGuest(user);
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(isInvalid(field('Email'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toBeTruthy();

    answer = refusal(400, 'VALIDATION_FAILED', {
      pickupAt: ['Pick-up time must be at least a few hours in the future'],
    });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const message = await screen.findByText('Pick-up time must be at least a few hours in the future');
    expect(message.closest('div')?.querySelector('dt')?.textContent).toBe('Pick-up');
    await waitFor(() => expect(document.activeElement).toBe(message));
  });

  it('tells the car was just taken, with a way back to the search', async () => {
    serveApi({ ...NO_FEES_ANSWER, 'POST /api/checkout': () => refusal(409, 'CAR_UNAVAILABLE') });
    const user = userEvent.setup();
    renderCheckout();
    await fillGuest(user);
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const alert = (await screen.findByText(/Sorry, this car was just booked by someone else/)).closest(
      '[role="alert"]',
    );
    if (!(alert instanceof HTMLElement)) throw new Error('the message is not an alert');
    expect(within(alert).getByRole('link', { name: 'Back to the search' })).toBeTruthy();
  });
});

describe('the payment options', () => {
  const options = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));

  it('offer pay later only when the supplier allows it, chosen first; then the button books', () => {
    serveApi({ ...NO_FEES_ANSWER });
    renderCheckout();
    expect(options()).toEqual(['payLater', 'deposit', 'full']);
    expect((screen.getByRole('radio', { name: 'Pay later at the counter' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
  });

  it('without pay later, start on the full amount online and lead to the payment', () => {
    serveApi({ ...NO_FEES_ANSWER });
    renderCheckout({ car: { ...CLIO, supplier: { ...CLIO.supplier, payLater: false } } });
    expect(options()).toEqual(['deposit', 'full']);
    expect((screen.getByRole('radio', { name: 'Pay in full online' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeTruthy();
  });

  it('offer online payment only when a gateway is configured (no card provider and no wallet: the counter only)', () => {
    serveApi({ ...NO_FEES_ANSWER });
    renderCheckout({ settings: { ...FALLBACK_SETTINGS, payment: { ...FALLBACK_SETTINGS.payment, card: null } } });
    expect(options()).toEqual(['payLater']);
  });

  it('show what is paid now and at pick-up for each option, and the total follows the extras', async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    renderCheckout();
    const total = () => screen.getByText('Total').nextElementSibling?.textContent;
    expect(total()).toBe('120 €');
    await user.click(screen.getByRole('switch', { name: 'Theft protection' }));
    expect(total()).toBe('147 €');
    expect(describedBy(screen.getByRole('radio', { name: 'Hold the security deposit online' }))).toContain('Now: ');
  });

  it("charges each extra its label × the days, the supplier's percentage in both", async () => {
    serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    // +6.25 %: 9.00 € a day is shown as 9.56 € (956.25 → 956), and three days are 28.68 €, not 9 × 3 × 1.0625.
    renderCheckout({ car: { ...CLIO, supplier: { ...CLIO.supplier, priceChangeRate: 6.25 } } });
    const theft = screen.getByRole('switch', { name: 'Theft protection' });
    expect(describedBy(theft)).toBe('+ 9.56 € (daily)');
    await user.click(theft);
    const line = screen.getAllByText('Theft protection').find((element) => element.tagName === 'DT');
    expect(line?.nextElementSibling?.textContent).toBe('28.68 €');
    // The rental's line (3 × 40 € + 6.25 % = 127.50 €) and the extra's add up to the total.
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('156.18 €');
  });

  it("adds the key box's fee as its own line when a time is after hours at the place, without the percentage", async () => {
    serveApi({ ...NO_FEES_ANSWER });
    // Open 13:00–18:00: the 12:00 (Paris summer time) pick-up and drop-off are taken by the key box only.
    const afternoons = Array.from({ length: 5 }, () => [{ from: '13:00', to: '18:00' }]);
    const [mon, tue, wed, thu, fri] = afternoons;
    const weekly = { mon, tue, wed, thu, fri, sat: mon, sun: mon } as NonNullable<Location['openingHours']>['weekly'];
    const place = { ...PARIS, openingHours: { weekly, closures: [], afterHours: { feeMinor: 2500 } } };
    renderCheckout({ car: { ...CLIO, supplier: { ...CLIO.supplier, priceChangeRate: 6.25 } }, place });
    // Priced once the key box's rule has loaded: no total, and no Book, without the fee.
    expect(screen.queryByText('Total')).toBeNull();
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('Key box at pick-up (after hours)', { selector: 'dt' });
    expect((screen.getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(false);
    const line = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(line('Key box at pick-up (after hours)')).toBe('25 €');
    expect(line('Key box at drop-off (after hours)')).toBe('25 €');
    // 127.50 € of rental (the percentage in) and the two fees as the place sets them.
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('177.50 €');
  });
});

describe('the checkout form (a signed-in driver)', () => {
  it("asks nothing of the driver but shows the profile's details", () => {
    serveApi({ ...NO_FEES_ANSWER });
    renderCheckout({ user: DRIVER });
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByText('Camille Martin')).toBeTruthy();
    expect(screen.getByText('driver@roam.localhost')).toBeTruthy();
    // The birth date through the locale, as every date: not "1990-01-01".
    expect(screen.getByText('January 1, 1990')).toBeTruthy();
    expect(screen.queryByLabelText('I have read and accept the Terms of Use.')).toBeNull();
  });

  it("refuses a driver the profile says is too young, by the driver's details", async () => {
    const calls = serveApi({ ...NO_FEES_ANSWER });
    const user = userEvent.setup();
    renderCheckout({ user: { ...DRIVER, birthDate: `${pickupYear - 20}-01-01` } });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const message = await screen.findByText('You must be at least 21 years old.');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect(calls.filter(({ route }) => route === 'POST /api/checkout')).toEqual([]);
  });

  it('books without a driver in the body: the server takes the signed-in one', async () => {
    const calls = serveApi({ ...NO_FEES_ANSWER, 'POST /api/checkout': () => Response.json(BOOKED, { status: 201 }) });
    const user = userEvent.setup();
    renderCheckout({ user: DRIVER });
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`);
    const body = calls.find(({ route }) => route === 'POST /api/checkout')?.body as CheckoutBody;
    expect(body.driver).toBeUndefined();
    // No business asked for: the invoices name the driver.
    expect(body.invoiceBuyer).toBeUndefined();
  });

  it('sends a business as the invoices’ buyer when asked, its name required, an empty address or VAT number none', async () => {
    const calls = serveApi({ 'POST /api/checkout': () => Response.json(BOOKED, { status: 201 }) });
    const user = userEvent.setup();
    renderCheckout({ user: DRIVER });
    expect(screen.queryByLabelText('Company name')).toBeNull();
    await user.click(await screen.findByLabelText("I need the invoice in a company's name"));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('Please fill in the field: Company name');
    expect(calls.filter(({ route }) => route === 'POST /api/checkout')).toEqual([]);
    await user.click(screen.getByLabelText('Company name'));
    await user.paste('Atelier Nord AB');
    await user.click(screen.getByLabelText('VAT number'));
    await user.paste('SE556677889901');
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`);
    const body = calls.find(({ route }) => route === 'POST /api/checkout')?.body as CheckoutBody;
    expect(body.invoiceBuyer).toEqual({ name: 'Atelier Nord AB', address: null, vatNumber: 'SE556677889901' });
  });
});
