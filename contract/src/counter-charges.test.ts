import { describe, expect, it } from 'vitest';
import { canTransition, checkOutOpensAt, licenceIssues, noShowFrom, swapAllowed } from './counter.ts';
import {
  batteryCharge,
  cleaningCharge,
  DEFAULT_CHARGE_RULES,
  effectiveChargeRules,
  fuelCharge,
  lateCharge,
  mileageCharge,
  oneWayCharge,
  returnCharges,
  rulesInCurrency,
} from './counter-charges.ts';
import { bodyOf, DAMAGE_ZONES, isDamageZone, VEHICLE_BODIES } from './counter-vehicles.ts';

// The charges at return (docs/architecture.md §5 "After the booking"), each rule's arithmetic and its computation.

const rules = { ...DEFAULT_CHARGE_RULES, fuelPricePerLitre: 200, refuellingFee: 1500, pricePerExtraKm: 25 };
const HOUR = 3600_000;

describe('charge computations', () => {
  it('fuel: missing eighths × tank ÷ 8 × price per litre, plus the refuelling fee; none by a free tank', () => {
    const charge = fuelCharge({
      policy: 'fullToFull',
      checkOutEighths: 8,
      returnEighths: 5,
      tankLitres: 50,
      rules,
      currency: 'EUR',
    });
    // 3/8 of 50 l = 18.75 l × 2.00 € = 37.50 €, + 15 € fee.
    expect(charge?.amount).toBe(3750 + 1500);
    expect(charge?.lines.map((line) => [line.key, line.value])).toEqual([
      ['fuelAtCheckOut', 8],
      ['fuelAtReturn', 5],
      ['missingEighths', 3],
      ['tankLitres', 50],
      ['missingLitres', 18.8],
      ['pricePerLitre', 200],
      ['fuelCost', 3750],
      ['refuellingFee', 1500],
    ]);
    expect(
      fuelCharge({ policy: 'freeTank', checkOutEighths: 8, returnEighths: 1, tankLitres: 50, rules, currency: 'EUR' }),
    ).toBeNull();
    expect(
      fuelCharge({
        policy: 'FullToEmpty',
        checkOutEighths: 8,
        returnEighths: 0,
        tankLitres: 50,
        rules,
        currency: 'EUR',
      }),
    ).toBeNull();
    expect(
      fuelCharge({
        policy: 'likeForlike',
        checkOutEighths: 4,
        returnEighths: 6,
        tankLitres: 50,
        rules,
        currency: 'EUR',
      }),
    ).toBeNull();
  });

  it('battery: missing % × price per %, plus the fee', () => {
    expect(
      batteryCharge({ policy: 'likeForlike', checkOutPercent: 90, returnPercent: 60, rules, currency: 'EUR' })?.amount,
    ).toBe(30 * rules.batteryPricePerPercent + 1500);
  });

  it('mileage: over the car’s km per day × rental days, × price per km; unlimited never', () => {
    const charge = mileageCharge({
      kmPerDay: 200,
      rentalDays: 3,
      checkOutOdometer: 10000,
      returnOdometer: 10850,
      rules,
      currency: 'EUR',
    });
    expect(charge?.amount).toBe(250 * 25);
    expect(charge?.lines.find((line) => line.key === 'kmAllowance')?.value).toBe(600);
    expect(
      mileageCharge({ kmPerDay: 200, rentalDays: 3, checkOutOdometer: 0, returnOdometer: 600, rules, currency: 'EUR' }),
    ).toBeNull();
    expect(
      mileageCharge({
        kmPerDay: -1,
        rentalDays: 3,
        checkOutOdometer: 0,
        returnOdometer: 90000,
        rules,
        currency: 'EUR',
      }),
    ).toBeNull();
  });

  it('late: nothing within the grace, then per started hour up to a day’s price, then per day', () => {
    const dropoffAt = new Date('2027-03-10T10:00:00Z');
    const late = (minutes: number) =>
      lateCharge({
        dropoffAt,
        returnedAt: new Date(dropoffAt.getTime() + minutes * 60_000),
        dayPrice: 5000,
        rules: { ...rules, lateGraceMinutes: 30, latePricePerHour: 1200 },
        currency: 'EUR',
      });
    expect(late(30)).toBeNull();
    expect(late(70)?.amount).toBe(2 * 1200);
    expect(late(6 * 60)?.amount).toBe(5000); // 6 × 12 € capped at the day's 50 €
    expect(late(24 * 60 + 61)?.amount).toBe(5000 + 2 * 1200);
    expect(late(70)?.lines.find((line) => line.key === 'lateHours')?.value).toBe(2);
  });

  it('one-way: the pair’s fee, else the flat fee, none at the same place', () => {
    const withPairs = {
      ...rules,
      oneWayFee: 4000,
      oneWayFees: [{ fromLocationId: 'a', toLocationId: 'b', fee: 2500 }],
    };
    expect(
      oneWayCharge({ pickupLocationId: 'a', returnLocationId: 'b', rules: withPairs, currency: 'EUR' })?.amount,
    ).toBe(2500);
    expect(
      oneWayCharge({ pickupLocationId: 'a', returnLocationId: 'c', rules: withPairs, currency: 'EUR' })?.amount,
    ).toBe(4000);
    expect(
      oneWayCharge({ pickupLocationId: 'a', returnLocationId: 'a', rules: withPairs, currency: 'EUR' }),
    ).toBeNull();
    expect(oneWayCharge({ pickupLocationId: 'a', returnLocationId: 'c', rules, currency: 'EUR' })).toBeNull();
  });

  it('cleaning only when needed; a car’s override beats its supplier’s rule; money converted per booking', () => {
    expect(cleaningCharge({ needed: false, rules, currency: 'EUR' })).toBeNull();
    expect(cleaningCharge({ needed: true, rules, currency: 'EUR' })?.amount).toBe(rules.cleaningFee);
    const car = effectiveChargeRules(rules, { fuelPricePerLitre: 310, cleaningFee: null });
    expect([car.fuelPricePerLitre, car.cleaningFee]).toEqual([310, rules.cleaningFee]);
    const sek = rulesInCurrency({ ...rules, oneWayFee: 1000 }, (eur) => eur * 11);
    expect([sek.fuelPricePerLitre, sek.oneWayFee, sek.lateGraceMinutes]).toEqual([2200, 11000, rules.lateGraceMinutes]);
  });

  it('a return gives each charge in order, the damages typed among them', () => {
    const dropoffAt = new Date('2027-03-10T10:00:00Z');
    const charges = returnCharges(
      {
        policy: 'fullToFull',
        fuel: { kind: 'eighths', checkOut: 8, return: 5, tankLitres: 50 },
        kmPerDay: 200,
        rentalDays: 3,
        checkOutOdometer: 10000,
        returnOdometer: 10850,
        dropoffAt,
        returnedAt: new Date(dropoffAt.getTime() + 70 * 60_000),
        dayPrice: 5000,
        pickupLocationId: 'a',
        returnLocationId: 'a',
        cleaning: false,
        damageAmounts: [0, 12000],
      },
      rules,
      'EUR',
    );
    expect(charges.map((charge) => [charge.kind, charge.amount])).toEqual([
      ['fuel', 5250],
      ['mileage', 6250],
      ['late', 2 * rules.latePricePerHour],
      ['damage', 12000],
    ]);
  });
});

describe('counter rules', () => {
  it('opens check-out on the pick-up day at the place, less the early window; no-show after the grace', () => {
    const pickupAt = new Date('2027-03-10T09:00:00Z'); // 10:00 in Paris
    expect(checkOutOpensAt(pickupAt, 'Europe/Paris', 0).toISOString()).toBe('2027-03-09T23:00:00.000Z');
    expect(checkOutOpensAt(pickupAt, 'Europe/Paris', 12).toISOString()).toBe('2027-03-09T11:00:00.000Z');
    expect(noShowFrom(pickupAt, 90).getTime()).toBe(pickupAt.getTime() + 1.5 * HOUR);
  });

  it('moves one way only', () => {
    expect(canTransition('checkOut', 'paid')).toBe(true);
    expect(canTransition('checkOut', 'void')).toBe(false);
    expect(canTransition('return', 'on_rent')).toBe(true);
    expect(canTransition('noShow', 'on_rent')).toBe(false);
    expect(canTransition('close', 'on_rent')).toBe(false);
  });

  it('checks the licence to the drop-off day and the age at pick-up', () => {
    const rental = {
      pickupAt: new Date('2027-03-10T09:00:00Z'),
      pickupTimeZone: 'Europe/Paris',
      dropoffAt: new Date('2027-03-13T09:00:00Z'),
      dropoffTimeZone: 'Europe/Paris',
      minimumAge: 25,
    };
    expect(licenceIssues({ licenseExpiresOn: '2027-03-13', birthDate: '2002-03-10' }, rental)).toEqual([]);
    expect(
      licenceIssues({ licenseExpiresOn: '2027-03-12', birthDate: '2002-03-11' }, rental).map((issue) => issue.field),
    ).toEqual(['licenseExpiresOn', 'birthDate']);
  });

  it('swaps for the same or a higher range; the damage zones are ids of the body’s diagram', () => {
    expect([
      swapAllowed('mini', 'maxi'),
      swapAllowed('maxi', 'midi'),
      swapAllowed('bus', 'bus'),
      swapAllowed('bus', 'truck'),
    ]).toEqual([true, false, true, false]);
    expect(bodyOf('maxi', 9)).toBe('van');
    expect(isDamageZone('scooter', 'handlebar')).toBe(true);
    expect(isDamageZone('car', 'handlebar')).toBe(false);
    for (const body of VEHICLE_BODIES) {
      const ids = DAMAGE_ZONES[body].map((zone) => zone.id);
      expect(new Set(ids).size, body).toBe(ids.length);
    }
  });
});
