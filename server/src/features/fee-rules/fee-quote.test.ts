import type { CarDetails } from '@roam/contract/cars';
import {
  type BookedCatalogueExtra,
  catalogueExtraLines,
  type OfferedCatalogueExtra,
} from '@roam/contract/catalogue-extras';
import { DEFAULT_CHARGE_RULES } from '@roam/contract/counter';
import { type FeeQuote, feesOfQuote, ONE_WAY_REFUSED } from '@roam/contract/fee-quote';
import { calculatePrice, type PriceLine } from '@roam/contract/price';
import { type PromoDiscount, promoLine } from '@roam/contract/promo-codes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The checkout's fee quote (docs/architecture.md §5 "Fees by rule"): what the customer's screen prices before Book
// from the public answers — the fee quote, the car, its catalogue extras, the promo code's check — with the contract's
// functions, exactly as the web's checkout does, is line for line what the server's checkout then charges.

const AZUR = DEMO_IDS.suppliers.azurCoast;
const CLIO = DEMO_IDS.cars.clio;
const { parisCdg: CDG, parisOrly: ORLY } = DEMO_IDS.locations;
/** 21 to 23 on any pick-up day of the next months: the young band below. */
const YOUNG = `${new Date().getUTCFullYear() - 22}-06-15`;
const names = (en: string) => ({ en, fr: `${en} fr`, es: `${en} es`, se: `${en} se`, de: `${en} de` });
const lineOf = ({ item, unit, quantity, amount }: PriceLine) => ({ item, unit, quantity, amount });

describe('the checkout’s fee quote', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let admin: { cookie: string };
  let ip = 0;
  const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `10.43.0.${++ip % 250}`, ...options });
  const quote = (dropoff: string) =>
    inject({ method: 'GET', url: `/api/car-rental-fees/${CLIO}?pickupLocationId=${CDG}&dropoffLocationId=${dropoff}` });
  const setRules = (oneWayRefused: boolean) =>
    inject({
      method: 'PUT',
      url: '/api/update-supplier-fee-rules',
      headers: owner,
      payload: {
        supplierId: AZUR,
        youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
        seniorDriver: null,
        oneWayRefused,
        countryPairs: [],
      },
    });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    expect((await setRules(false)).statusCode).toBe(200);
    const counter = await inject({
      method: 'PUT',
      url: '/api/update-counter-settings',
      headers: owner,
      payload: {
        supplierId: AZUR,
        chargeRules: { ...DEFAULT_CHARGE_RULES, oneWayFees: [{ fromLocationId: CDG, toLocationId: ORLY, fee: 9000 }] },
      },
    });
    expect(counter.statusCode, counter.body).toBe(200);
  });
  afterAll(() => t.close());

  it('answers the age bands and the pair of places’ one-way fee; none for the same place; 404 and 400 otherwise', async () => {
    const oneWay = await quote(ORLY);
    expect(oneWay.statusCode, oneWay.body).toBe(200);
    expect(oneWay.json()).toEqual({
      youngDriver: [{ fromAge: 21, toAge: 24, dailyFee: 1200 }],
      seniorDriver: null,
      oneWayRefused: false,
      oneWayFee: 9000,
    });
    expect((await quote(CDG)).json()).toMatchObject({ oneWayRefused: false, oneWayFee: null });
    const unknownCar = await inject({
      method: 'GET',
      url: `/api/car-rental-fees/${AZUR}?pickupLocationId=${CDG}&dropoffLocationId=${CDG}`,
    });
    expect(unknownCar.statusCode).toBe(404);
    const unknownPlace = await quote(AZUR);
    expect([unknownPlace.statusCode, Object.keys(unknownPlace.json().fieldErrors)]).toEqual([
      400,
      ['dropoffLocationId'],
    ]);
  });

  it('prices before Book, with the contract’s functions, the lines the checkout charges: fees, an extra, a code', async () => {
    const gps = await inject({
      method: 'POST',
      url: '/api/create-catalogue-extra',
      headers: owner,
      payload: { names: names('Quote GPS'), charge: 'perDay', price: 500, maxQuantity: 2, carIds: [CLIO] },
    });
    expect(gps.statusCode, gps.body).toBe(201);
    const code = await inject({
      method: 'POST',
      url: '/api/create-promo-code',
      headers: owner,
      payload: { code: 'QUOTE-TEN', kind: 'percent', value: 10 },
    });
    expect(code.statusCode, code.body).toBe(201);
    const when = period(45);
    const rental = { pickupLocationId: CDG, ...when };

    // What the customer's screen asks, and how it prices the answers (web features/checkout).
    const car = (await inject({ method: 'GET', url: `/api/car/${CLIO}` })).json() as CarDetails;
    const fees = (await quote(ORLY)).json() as FeeQuote;
    const offered = (
      await inject({
        method: 'GET',
        url: `/api/car-catalogue-extras/${CLIO}?locationId=${CDG}&pickupAt=${encodeURIComponent(when.pickupAt)}&dropoffAt=${encodeURIComponent(when.dropoffAt)}`,
      })
    ).json() as OfferedCatalogueExtra[];
    const chosen: BookedCatalogueExtra[] = offered
      .filter((extra) => extra._id === gps.json()._id || extra.mandatory)
      .map((extra) => ({ ...extra, id: extra._id, quantity: extra._id === gps.json()._id ? 2 : 1 }))
      .map(({ _id, maxQuantity: _most, left: _left, ...extra }) => extra);
    const promo = await inject({
      method: 'POST',
      url: '/api/check-promo-code',
      payload: { code: 'quote-ten', carId: CLIO, ...rental },
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const timeZone = 'Europe/Paris';
    const shown = calculatePrice({
      car,
      priceChangeRate: car.supplier.priceChangeRate,
      pickupAt: new Date(when.pickupAt),
      dropoffAt: new Date(when.dropoffAt),
      timeZone,
      catalogueExtras: catalogueExtraLines(chosen),
      rentalFees: feesOfQuote(fees, { birthDate: YOUNG, pickupAt: new Date(when.pickupAt), timeZone }),
      discount: promoLine(promo.json() as PromoDiscount),
    });
    expect(shown.lines.map((line) => line.item)).toEqual([
      'rental',
      'catalogueExtra',
      'youngDriver',
      'oneWay',
      'promo',
    ]);

    // The checkout, by a guest born on that day, with the same choices.
    const booked = await inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({
        ...rental,
        dropoffLocationId: ORLY,
        driver: { ...guestDriver('quote.young@example.com'), birthDate: YOUNG },
        catalogueExtras: [{ extraId: gps.json()._id, quantity: 2 }],
        promoCode: 'QUOTE-TEN',
      } as never),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const desk = await inject({
      method: 'GET',
      url: `/api/operator-booking/${booked.json().bookingId}`,
      headers: admin,
    });
    expect((desk.json().lines as PriceLine[]).map(lineOf)).toEqual(shown.lines.map(lineOf));
    expect(booked.json().price.total).toBe(shown.total);
  });

  it('says a refused one-way rental before Book, in the words the checkout refuses it with', async () => {
    expect((await setRules(true)).statusCode).toBe(200);
    expect((await quote(ORLY)).json()).toMatchObject({ oneWayRefused: true, oneWayFee: null });
    const refused = await inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody({
        dropoffLocationId: ORLY,
        driver: guestDriver('quote.refused@example.com'),
      } as never),
    });
    expect([refused.statusCode, refused.json().fieldErrors]).toEqual([400, { dropoffLocationId: [ONE_WAY_REFUSED] }]);
    expect((await setRules(false)).statusCode).toBe(200);
  });
});
