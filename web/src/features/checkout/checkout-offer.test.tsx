import type { CarDetails } from '@roam/contract/cars';
import { catalogueExtraLines } from '@roam/contract/catalogue-extras';
import type { CheckoutBody } from '@roam/contract/checkout';
import { feesOfQuote } from '@roam/contract/fee-quote';
import { calculatePrice } from '@roam/contract/price';
import { promoLine } from '@roam/contract/promo-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIO, DRIVER, PARIS } from '#web/test-fixtures';
import { describedBy, refusal, renderScreen, screenTests, serveApi } from '#web/test-utils';
import { CheckoutForm } from './checkout-screen';
import { loadCheckoutMore } from './lib/use-checkout-form';

// The business's offer on the checkout before Book (docs/architecture.md §5 "Fees by rule", "Catalogue extras",
// "Promo codes"): its fees by rule from the public quote and the driver's date of birth, its own extra and a promo
// code, each a line of the one price engine — the lines server/src/features/fee-rules/fee-quote.test.ts shows the
// server's checkout charges from the same answers — and its refusals at their fields before Book.

screenTests(['checkout', 'cars', 'payment', 'forms']);
beforeAll(() => loadCheckoutMore());

const year = new Date().getUTCFullYear() + 2;
const ORLY = '9a2b9a1e-5a1d-4a63-9a7e-0c9d7d4b2a12';
const CRITERIA = {
  pickupLocationId: PARIS._id,
  dropoffLocationId: ORLY,
  pickupAt: `${year}-06-01T10:00:00.000Z`,
  dropoffAt: `${year}-06-04T10:00:00.000Z`,
};
/** 22 on the pick-up day: the young band. */
const YOUNG = `${year - 22}-03-10`;
const names = (en: string) => ({ en, fr: `${en} fr`, es: `${en} es`, se: `${en} se`, de: `${en} de` });
const SEAT = {
  _id: '5ea70000-0000-4000-8000-000000000001',
  names: names('Child seat'),
  charge: 'perDay' as const,
  price: 900,
  maxPerRental: null,
  maxQuantity: 2,
  mandatory: false,
  left: 1,
};
const QUOTE = {
  youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1500 }],
  seniorDriver: null,
  oneWayRefused: false,
  oneWayFee: 9000,
};
const PROMO = { code: 'SPRING-10', kind: 'percent' as const, value: 10 };
const BOOKED = { bookingId: 'b00c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11', payment: null, walletEnabled: false };

function renderCheckout(quote: object = QUOTE, car: CarDetails = CLIO) {
  const calls = serveApi({
    [`GET /api/car-catalogue-extras/${CLIO._id}`]: () => Response.json([SEAT]),
    [`GET /api/car-rental-fees/${CLIO._id}`]: () => Response.json(quote),
    'POST /api/check-promo-code': ({ body }) =>
      (body as { code: string }).code.trim().toUpperCase() === PROMO.code
        ? Response.json(PROMO)
        : refusal(400, 'VALIDATION_FAILED', { promoCode: ['This promo code is not valid.'] }),
    'POST /api/checkout': () => Response.json({ ...BOOKED, accountCreated: true }, { status: 201 }),
  });
  renderScreen(<CheckoutForm car={car} criteria={CRITERIA} user={null} pickupPlace={PARIS} dropoffPlace={PARIS} />, {
    path: '/checkout?carId=clio',
  });
  return calls;
}

const field = (label: string) =>
  within(screen.getByRole('region', { name: 'Driver details' })).getByLabelText(label, { selector: 'input' });
const line = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the checkout’s fees by rule, extras and promo code before Book', () => {
  it('shows the young-driver and one-way fees, an extra and a code as the lines the server charges', async () => {
    const calls = renderCheckout();
    const user = userEvent.setup();
    // The one-way fee is known from the places: in the price before the driver is.
    expect(await screen.findByText('One-way fee', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Young driver fee', { selector: 'dt' })).toBeNull();
    await user.click(field('Birth date'));
    await user.paste(YOUNG);
    await user.selectOptions(await screen.findByLabelText('Child seat'), '1');
    await user.type(screen.getByLabelText('Promo code'), 'spring-10{Enter}');
    expect(await screen.findByText('Promo code', { selector: 'dt' })).toBeTruthy();

    // The same inputs through the contract's functions, as the server's checkout prices them.
    const pickupAt = new Date(CRITERIA.pickupAt);
    const expected = calculatePrice({
      car: CLIO,
      priceChangeRate: 0,
      pickupAt,
      dropoffAt: new Date(CRITERIA.dropoffAt),
      timeZone: PARIS.timeZone,
      catalogueExtras: catalogueExtraLines([{ ...SEAT, id: SEAT._id, quantity: 1 }]),
      rentalFees: feesOfQuote(QUOTE, { birthDate: YOUNG, pickupAt, timeZone: PARIS.timeZone }),
      discount: promoLine(PROMO),
    });
    expect(expected.lines.map(({ item, amount }) => [item, amount])).toEqual([
      ['rental', 12_000],
      ['catalogueExtra', 2_700],
      ['youngDriver', 4_500],
      ['oneWay', 9_000],
      ['promo', -2_820],
    ]);
    expect(line('Rental (3 days)')).toBe('120 €');
    expect(line('Child seat')).toBe('27 €');
    expect(line('Young driver fee')).toBe('45 €');
    expect(line('One-way fee')).toBe('90 €');
    expect(line('Promo code')).toMatch(/28\.20 €$/);
    expect([expected.total, line('Total')]).toEqual([25_380, '253.80 €']);

    // Book sends the choices the lines were priced from; the server prices them again.
    await user.click(field('Full name'));
    await user.paste('Robin Young');
    await user.click(field('Email'));
    await user.paste('robin@example.com');
    await user.click(field('Phone'));
    await user.paste('+33 6 12 34 56 78');
    await user.click(screen.getByLabelText('I have read and accept the Terms of Use.'));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`);
    const body = calls.find(({ route }) => route === 'POST /api/checkout')?.body as CheckoutBody;
    expect(body).toMatchObject({
      dropoffLocationId: ORLY,
      catalogueExtras: [{ extraId: SEAT._id, quantity: 1 }],
      promoCode: PROMO.code,
    });
  });

  it('says a refused one-way rental at the drop-off, a driver under the minimum age and a bad code at their fields', async () => {
    const calls = renderCheckout({ ...QUOTE, oneWayRefused: true, oneWayFee: null });
    const user = userEvent.setup();
    expect(await screen.findByText('This car must be returned where it was picked up.')).toBeTruthy();
    await user.click(field('Birth date'));
    await user.paste(`${year - 19}-01-01`);
    await waitFor(() => expect(describedBy(field('Birth date'))).toBe('You must be at least 21 years old.'));
    await user.type(screen.getByLabelText('Promo code'), 'NOPE-1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(describedBy(screen.getByLabelText('Promo code'))).toBe('This promo code is not valid.'));
    expect(calls.some(({ route }) => route === 'POST /api/checkout')).toBe(false);
  });
  it('sends a Book pressed before the offer’s answers once they come, also when they come while it is in flight', async () => {
    // A real customer's Book must never be lost: pressed while the extras and the fees are on their way, it waits for
    // them; when they come during its own await (here the licence's upload, as on a slow phone), it still sees them.
    const held = <T,>() => {
      let release: (value: T) => void = () => {};
      const promise = new Promise<T>((resolve) => {
        release = resolve;
      });
      return { promise, release };
    };
    const extras = held<Response>();
    const fees = held<Response>();
    const upload = held<Response>();
    const calls = serveApi({
      [`GET /api/car-catalogue-extras/${CLIO._id}`]: () => extras.promise,
      [`GET /api/car-rental-fees/${CLIO._id}`]: () => fees.promise,
      'POST /api/create-license': () => upload.promise,
      'POST /api/checkout': () => Response.json(BOOKED, { status: 201 }),
    });
    const car = { ...CLIO, supplier: { ...CLIO.supplier, licenseRequired: true } };
    renderScreen(
      <CheckoutForm car={car} criteria={CRITERIA} user={DRIVER} pickupPlace={PARIS} dropoffPlace={PARIS} />,
      {
        path: '/checkout?carId=clio',
      },
    );
    const user = userEvent.setup();
    await screen.findByText("Driver's licence", { selector: 'h2' });
    const file = new File(['licence'], 'licence.png', { type: 'image/png' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(calls.some(({ route }) => route === 'POST /api/create-license')).toBe(true));

    // The offer's answers come while the Book awaits the upload; the summary shows them before the upload ends.
    extras.release(Response.json([SEAT]));
    fees.release(Response.json(QUOTE));
    expect(await screen.findByText('One-way fee', { selector: 'dt' })).toBeTruthy();
    upload.release(Response.json({ _id: 'f11e0000-0000-4000-8000-000000000001' }));

    await screen.findByText(`at /checkout-session/${BOOKED.bookingId}`);
    const sent = calls.filter(({ route }) => route === 'POST /api/checkout');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      dropoffLocationId: ORLY,
      licenseFileId: 'f11e0000-0000-4000-8000-000000000001',
    });
  });
  it('shows the car’s photos in a gallery under its picture, each named for a screen reader', async () => {
    const photos = [1, 2, 3].map((n) => ({ _id: `p${n}`, url: `/api/files/${n}`, srcset: `/api/files/${n} 600w` }));
    renderCheckout(QUOTE, { ...CLIO, image: photos[0]!.url, photos });
    const details = screen.getByRole('region', { name: 'Booking details' });
    const gallery = await within(details).findByRole('region', { name: 'Renault Clio' });
    expect(within(gallery).getByRole('img', { name: 'Renault Clio 1 / 3' })).toBeTruthy();
    await userEvent.setup().click(within(gallery).getByRole('button', { name: 'Renault Clio 2 / 3' }));
    expect(within(gallery).getByRole('img', { name: 'Renault Clio 2 / 3' }).getAttribute('src')).toBe('/api/files/2');
  });
});
