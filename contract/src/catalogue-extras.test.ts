import { describe, expect, it } from 'vitest';
import { bookedTerms, priceBooked } from './booked-terms.ts';
import { type BookedCatalogueExtra, catalogueExtraLines, offeredTo } from './catalogue-extras.ts';
import { convertMinor } from './money.ts';
import { type CarPricing, calculatePrice, priceIn, withPriceChange } from './price.ts';
import { HOUR } from './time.ts';

// docs/architecture.md §5 "Catalogue extras": a line each, by the same rule as the spec's six. Amounts are EUR cents.

const car: CarPricing = {
  dailyPrice: 5000,
  isDateBasedPrice: false,
  dateBasedPrices: [],
  cancellation: -1,
  amendments: -1,
  theftProtection: -1,
  collisionDamageWaiver: -1,
  fullInsurance: -1,
  additionalDriver: -1,
  deposit: 30000,
};
const names = { en: 'Child seat', fr: 'Siège enfant', es: 'Silla infantil', se: 'Barnstol', de: 'Kindersitz' };
const extra = (overrides: Partial<BookedCatalogueExtra>): BookedCatalogueExtra => ({
  id: 'seat',
  names,
  charge: 'perDay',
  price: 700,
  maxPerRental: null,
  quantity: 1,
  mandatory: false,
  ...overrides,
});
const pickupAt = new Date('2027-03-01T09:00:00Z');
const after = (days: number) => new Date(pickupAt.getTime() + days * 24 * HOUR);
const price = (catalogueExtras: BookedCatalogueExtra[], days: number, priceChangeRate = 0) =>
  calculatePrice({
    car,
    priceChangeRate,
    pickupAt,
    dropoffAt: after(days),
    timeZone: 'Europe/Paris',
    catalogueExtras: catalogueExtraLines(catalogueExtras),
  });

describe('catalogue extras in the one price engine', () => {
  it('prices a daily extra as label × days × quantity, the supplier’s percentage in the label', () => {
    const breakdown = price([extra({ quantity: 2 })], 3, 7.5);
    const line = breakdown.lines.find((l) => l.item === 'catalogueExtra')!;
    const label = withPriceChange(700, 7.5);
    expect(line).toMatchObject({ extraId: 'seat', names, unit: label, quantity: 6, amount: label * 6 });
    expect(breakdown.total).toBe(withPriceChange(15000, 7.5) + label * 6);
    // Not one of the spec's six: their record and total are unchanged.
    expect(breakdown.extras).toEqual({});
    expect(breakdown.extrasTotal).toBe(0);
  });

  it('stops a daily extra at its maximum per rental, and never charges more for fewer days', () => {
    const gps = extra({ id: 'gps', price: 500, maxPerRental: 2000 });
    expect(price([gps], 3).lines.at(-1)).toMatchObject({ unit: 500, quantity: 3, amount: 1500 });
    expect(price([gps], 4).lines.at(-1)).toMatchObject({ unit: 500, quantity: 4, amount: 2000 });
    expect(price([gps], 9).lines.at(-1)).toMatchObject({ unit: 2000, quantity: 1, amount: 2000 });
    let previous = 0;
    for (let days = 1; days <= 40; days++) {
      const amount = price([{ ...gps, quantity: 2 }], days, 12.5).lines.at(-1)!.amount;
      expect(amount).toBeGreaterThanOrEqual(previous);
      previous = amount;
    }
  });

  it('charges a per-rental extra once per unit, whatever the days', () => {
    const cleaning = extra({ id: 'cleaning', charge: 'perRental', price: 2500, mandatory: true });
    expect(price([cleaning], 1).lines.at(-1)).toMatchObject({ unit: 2500, quantity: 1, amount: 2500 });
    expect(price([cleaning], 12).lines.at(-1)).toMatchObject({ unit: 2500, quantity: 1, amount: 2500 });
  });

  it('keeps unit × quantity = line and lines = total in another currency', () => {
    const breakdown = price([extra({ quantity: 2 }), extra({ id: 'gps', price: 333, maxPerRental: 900 })], 5, 3);
    const sek = priceIn(breakdown, (eur) => convertMinor(eur, 11.37, 'SEK'));
    for (const line of sek.lines) expect(line.amount).toBe(line.unit * line.quantity);
    expect(sek.total).toBe(sek.lines.reduce((sum, line) => sum + line.amount, 0));
  });

  it('is kept in the booking’s terms and re-priced from them for another period (a change’s quote)', () => {
    const terms = bookedTerms({
      car: { ...car, mileage: -1, fuelPolicy: 'fullToFull', minimumAge: 21 },
      dateBasedPrices: [],
      priceChangeRate: 0,
      catalogueExtras: [extra({})],
    });
    expect(terms.catalogueExtras).toEqual([extra({})]);
    const rental = { pickupAt, timeZone: 'Europe/Paris', extras: {} };
    expect(priceBooked(terms, { ...rental, dropoffAt: after(2) }).total).toBe(10000 + 1400);
    expect(priceBooked(terms, { ...rental, dropoffAt: after(4) }).total).toBe(20000 + 2800);
    const none = bookedTerms({
      car: { ...car, mileage: -1, fuelPolicy: 'fullToFull', minimumAge: 21 },
      dateBasedPrices: [],
      priceChangeRate: 0,
    });
    expect(none).not.toHaveProperty('catalogueExtras');
  });

  it('is offered to every car of the business, or to the cars and ranges it names', () => {
    const clio = { id: 'clio', range: 'mini' };
    expect(offeredTo({ carIds: [], ranges: [] }, clio)).toBe(true);
    expect(offeredTo({ carIds: ['clio'], ranges: [] }, clio)).toBe(true);
    expect(offeredTo({ carIds: [], ranges: ['mini'] }, clio)).toBe(true);
    expect(offeredTo({ carIds: ['other'], ranges: ['maxi'] }, clio)).toBe(false);
  });
});
