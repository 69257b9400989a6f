import { describe, expect, it } from 'vitest';
import { convertMinor } from './money.ts';
import { type CarPricing, calculatePrice, priceIn } from './price.ts';
import { promoDiscountOf, promoLine } from './promo-codes.ts';

// docs/architecture.md §5 "Price" and "Promo codes": the discount is the engine's last line. EUR cents.

const CAR: CarPricing = {
  dailyPrice: 3333,
  isDateBasedPrice: false,
  dateBasedPrices: [],
  cancellation: 1500,
  amendments: 0,
  theftProtection: 900,
  collisionDamageWaiver: -1,
  fullInsurance: -1,
  additionalDriver: -1,
  deposit: 50000,
};
const RENTAL = {
  car: CAR,
  priceChangeRate: 10,
  pickupAt: new Date('2027-03-01T09:00:00Z'),
  dropoffAt: new Date('2027-03-04T09:00:00Z'),
  timeZone: 'Europe/Paris',
  extras: { cancellation: true, theftProtection: true },
};

describe('promo codes in the price engine', () => {
  it('takes a percentage of every line before it, rounded half up once, as its own negative line', () => {
    const plain = calculatePrice(RENTAL);
    const price = calculatePrice({ ...RENTAL, discount: promoLine({ code: 'TEN', kind: 'percent', value: 10 }) });
    const off = Math.floor(plain.total * 0.1 + 0.5);
    expect(price.lines.at(-1)).toEqual({ item: 'promo', unit: -off, quantity: 1, amount: -off });
    expect(price.lines.slice(0, -1)).toEqual(plain.lines);
    expect(price.total).toBe(plain.total - off);
    // Not an extra; the supplier's percentage added the same.
    expect(price.extrasTotal).toBe(plain.extrasTotal);
    expect(price.priceChange).toBe(plain.priceChange);
  });

  it('an amount off is never more than the lines, and a total is never below zero', () => {
    expect(promoDiscountOf({ code: 'A', kind: 'amount', value: 700 }, 500)).toBe(500);
    expect(promoDiscountOf({ code: 'A', kind: 'percent', value: 100 }, 12345)).toBe(12345);
    const price = calculatePrice({ ...RENTAL, discount: promoLine({ code: 'ALL', kind: 'amount', value: 10 ** 7 }) });
    expect(price.total).toBe(0);
  });

  it('in another currency the lines still add up to the total', () => {
    const price = calculatePrice({ ...RENTAL, discount: promoLine({ code: 'X', kind: 'percent', value: 15 }) });
    const shown = priceIn(price, (eur) => convertMinor(eur, 160.123, 'JPY'));
    expect(shown.total).toBe(shown.lines.reduce((sum, line) => sum + line.amount, 0));
    expect(shown.lines.at(-1)?.item).toBe('promo');
  });
});
