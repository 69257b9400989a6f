import { DEFAULT_CHARGE_RULES, fuelCharge, lateCharge } from '@roam/contract/counter';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import type {
  auditLog,
  bookingCharges,
  bookings,
  carReadings,
  chargeRules,
  counterSettings,
  inspections,
  payments,
} from '../schema.ts';
import { DEMO_ACCOUNTS, SUPPLIERS } from './accounts.ts';
import { FEATURED_CARS } from './featured-cars.ts';
import { demoOneWayFees } from './fee-rules.ts';
import { carId, type Fleet } from './fleet.ts';
import { LOCATIONS, locationId } from './places.ts';
import { seedId, seedReference } from './random.ts';

// The counter's demo (docs/architecture.md §5 "After the booking"): the demo supplier's checklist, terms and charge
// rules, a rental on rent since yesterday, one returned two days ago with its fuel and late-return charges (its
// balance open), and one closed last week, paid at the desk in cash; each with its inspections and audit rows, so the
// dashboard, the scheduler and a booking's timeline show the counter at work. Days count from the load, as the
// operator demo's do. Their documents are drawn when an operator acts; the closed one's final receipt when the server
// loads the demo (main.ts: a PDF is not the same bytes twice, and the seed is).

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LANGUAGE_LABELS = (en: string, fr: string, es: string, se: string, de: string) => ({ en, fr, es, se, de });

export const COUNTER_DEMO_CHECKLIST = [
  {
    id: 'documents',
    labels: LANGUAGE_LABELS(
      'Registration papers',
      'Carte grise',
      'Permiso de circulación',
      'Registreringsbevis',
      'Fahrzeugschein',
    ),
  },
  {
    id: 'spare-wheel',
    labels: LANGUAGE_LABELS('Spare wheel', 'Roue de secours', 'Rueda de repuesto', 'Reservhjul', 'Ersatzrad'),
  },
  {
    id: 'child-seat',
    labels: LANGUAGE_LABELS('Child seat', 'Siège enfant', 'Silla infantil', 'Barnstol', 'Kindersitz'),
  },
  { id: 'keys', labels: LANGUAGE_LABELS('Two keys', 'Deux clés', 'Dos llaves', 'Två nycklar', 'Zwei Schlüssel') },
];

type Rows = {
  settings: typeof counterSettings.$inferInsert;
  rules: typeof chargeRules.$inferInsert;
  bookings: (typeof bookings.$inferInsert)[];
  inspections: (typeof inspections.$inferInsert)[];
  charges: (typeof bookingCharges.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  readings: (typeof carReadings.$inferInsert)[];
  audit: (typeof auditLog.$inferInsert)[];
};

/** The counter's demo rows, on four of the demo supplier's bookable cars that no other demo booking uses. */
export function counterDemo(fleet: Fleet, now: Date, taken: ReadonlySet<string>): Rows {
  const azur = SUPPLIERS.find((supplier) => supplier.key === 'azurCoast')!;
  const featured = new Set(Object.keys(FEATURED_CARS).map(carId));
  const [onRentCar, returnedCar, closedCar, todayCar] = fleet.cars.filter(
    (car) =>
      car.supplierId === azur.id &&
      !featured.has(car.id!) &&
      !taken.has(car.id!) &&
      !car.isDateBasedPrice &&
      car.available !== false &&
      !car.comingSoon &&
      !car.fullyBooked &&
      car.fuelType !== 'electric',
  );
  if (!onRentCar || !returnedCar || !closedCar || !todayCar) throw new Error('the demo supplier has too few cars');
  const placeOf = (id: string) => {
    const location = fleet.carLocations.find((entry) => entry.carId === id)!.locationId;
    return { id: location, timeZone: LOCATIONS.find((place) => locationId(place.key) === location)!.timeZone };
  };
  const at = (car: string, days: number, time: string) =>
    zonedToInstant(
      { date: new Date(now.getTime() + days * DAY).toISOString().slice(0, 10), time },
      placeOf(car).timeZone,
    );
  const rental = (
    key: string,
    car: Fleet['cars'][number],
    pickupAt: Date,
    dropoffAt: Date,
    status: 'pending' | 'on_rent' | 'returned' | 'closed',
  ) => {
    const days = Math.round((dropoffAt.getTime() - pickupAt.getTime()) / DAY);
    const total = car.dailyPrice * days;
    return {
      id: seedId(`booking:${key}`),
      reference: seedReference(`booking:${key}`),
      carId: car.id!,
      supplierId: azur.id,
      // The second demo driver's, who already books with the demo supplier (operator-demo.ts): the first one's
      // bookings stay the tests' own.
      driverId: DEMO_ACCOUNTS.driver2.id,
      pickupLocationId: placeOf(car.id!).id,
      dropoffLocationId: placeOf(car.id!).id,
      pickupAt,
      dropoffAt,
      status,
      blocksCar: status === 'pending' || status === 'on_rent',
      // Booked a week before its pick-up: its history reads booked, then handed over (not booked when the demo loaded).
      createdAt: new Date(pickupAt.getTime() - 7 * DAY),
      paymentOption: 'payLater' as const,
      price: total,
      deposit: car.deposit,
      payNow: 0,
      currency: 'EUR',
      totalAmount: total,
      depositAmount: car.deposit,
      chargedAmount: 0,
    };
  };
  const period = (car: Fleet['cars'][number], from: number, to: number) =>
    [at(car.id!, from, '10:00'), at(car.id!, to, '10:00')] as const;
  const onRent = rental('demoOnRent', onRentCar, ...period(onRentCar, -1, 2), 'on_rent');
  const returned = rental('demoReturned', returnedCar, ...period(returnedCar, -5, -2), 'returned');
  const closed = rental('demoClosed', closedCar, ...period(closedCar, -9, -7), 'closed');
  // To pay at the counter, picked up today at its place's clock (the hour after next, or this hour when that is
  // tomorrow there): the dashboard's pick-up of the day, which the demo's desk hands over.
  const zone = placeOf(todayCar.id!).timeZone;
  const nextHour = new Date(Math.ceil(now.getTime() / HOUR) * HOUR + HOUR);
  const pickupToday =
    instantToZoned(nextHour, zone).date === instantToZoned(now, zone).date
      ? nextHour
      : new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const today = rental('demoPickupToday', todayCar, pickupToday, new Date(pickupToday.getTime() + 3 * DAY), 'pending');
  const checklist = COUNTER_DEMO_CHECKLIST.map((item) => ({ ...item, checked: item.id !== 'child-seat' }));
  const inspection = (
    key: string,
    booking: typeof onRent,
    kind: 'check_out' | 'return',
    when: Date,
    odometer: number,
    fuelEighths: number,
  ) => ({
    id: seedId(`inspection:${key}`),
    bookingId: booking.id,
    kind,
    at: when,
    byId: azur.id,
    locationId: booking.pickupLocationId,
    carId: booking.carId,
    odometer,
    fuelEighths,
    checklist,
    ...(kind === 'check_out'
      ? { licenseNumber: '12AB34567', licenseCountry: 'FR', licenseExpiresOn: '2031-05-17', birthDate: '1990-05-17' }
      : {}),
  });
  const returnedAt = new Date(returned.dropoffAt.getTime() + 95 * 60_000);
  const closedAt = new Date(closed.dropoffAt.getTime() - 30 * 60_000);
  const rules = { ...DEFAULT_CHARGE_RULES, oneWayFees: [] };
  const fuel = fuelCharge({
    policy: 'likeForlike',
    checkOutEighths: 8,
    returnEighths: 6,
    tankLitres: 50,
    rules,
    currency: 'EUR',
  })!;
  const late = lateCharge({
    dropoffAt: returned.dropoffAt,
    returnedAt,
    dayPrice: returnedCar.dailyPrice,
    rules,
    currency: 'EUR',
  })!;
  const audit = (
    booking: typeof onRent,
    action: 'checkOut' | 'return' | 'counterPayment' | 'close',
    when: Date,
    after: string,
  ) => ({
    at: when,
    actorId: azur.id,
    actorType: 'supplier' as const,
    entity: 'booking',
    entityId: booking.id,
    carId: booking.carId,
    supplierId: azur.id,
    action,
    changes: (action === 'counterPayment'
      ? { payment: { before: null, after: { method: 'cash', amount: booking.totalAmount, currency: 'EUR' } } }
      : {
          status: { before: { checkOut: 'pending', return: 'on_rent', close: 'returned' }[action], after },
        }) as Record<string, { before: unknown; after: unknown }>,
  });
  return {
    settings: {
      supplierId: azur.id,
      checklist: COUNTER_DEMO_CHECKLIST,
      terms: LANGUAGE_LABELS(
        'Smoking and pets are not allowed in our cars. Report any accident to us within 24 hours.',
        'Il est interdit de fumer et de transporter des animaux dans nos véhicules. Signalez-nous tout accident sous 24 heures.',
        'No se permite fumar ni llevar animales en nuestros coches. Avísanos de cualquier accidente en 24 horas.',
        'Rökning och djur är inte tillåtna i våra bilar. Meddela oss om en olycka inom 24 timmar.',
        'Rauchen und Tiere sind in unseren Fahrzeugen nicht erlaubt. Melden Sie uns jeden Unfall innerhalb von 24 Stunden.',
      ),
      earlyCheckOutHours: 2,
      noShowGraceMinutes: 120,
      noShowRule: 'fee',
      noShowFee: 5000,
    },
    rules: { supplierId: azur.id, ...rules, oneWayFees: demoOneWayFees() },
    bookings: [onRent, returned, closed, today],
    inspections: [
      inspection('demoOnRentOut', onRent, 'check_out', onRent.pickupAt, 18234, 8),
      inspection('demoReturnedOut', returned, 'check_out', returned.pickupAt, 40120, 8),
      inspection('demoReturnedBack', returned, 'return', returnedAt, 40872, 6),
      inspection('demoClosedOut', closed, 'check_out', closed.pickupAt, 23410, 8),
      inspection('demoClosedBack', closed, 'return', closedAt, 23705, 8),
    ],
    // The closed rental's balance, taken in cash at the return (a `counter` payment of the ledger).
    payments: [
      {
        bookingId: closed.id,
        supplierId: azur.id,
        kind: 'counter',
        purpose: 'rental',
        provider: 'counter',
        method: 'cash',
        recordedBy: azur.id,
        idempotencyKey: `counter-${closed.id}-demo`,
        amount: closed.totalAmount,
        currency: 'EUR',
        status: 'succeeded',
        createdAt: closedAt,
        settledAt: closedAt,
      },
      // The car on rent has its security deposit held on the card since the pick-up, not charged: captured in part or
      // released at the close (docs/decisions/0012-deposit-holds.md); the demo gateway's, lapsing 7 days on.
      {
        bookingId: onRent.id,
        supplierId: azur.id,
        kind: 'authorization',
        purpose: 'deposit',
        provider: 'demo',
        providerReference: `demo_hold_${onRent.id}`,
        idempotencyKey: `deposit-${onRent.id}-demo`,
        amount: onRent.depositAmount,
        currency: 'EUR',
        status: 'succeeded',
        expiresAt: new Date(onRent.pickupAt.getTime() + 7 * 86_400_000),
        createdAt: onRent.pickupAt,
        settledAt: onRent.pickupAt,
      },
    ],
    charges: [fuel, late].map((computation, index) => ({
      id: seedId(`charge:demoReturned:${index}`),
      bookingId: returned.id,
      kind: computation.kind,
      amount: computation.amount,
      currency: 'EUR',
      computation,
      vatRate: 20,
      createdBy: azur.id,
      createdAt: new Date(returnedAt.getTime() + index),
    })),
    readings: [
      { carId: onRentCar.id!, odometer: 18234, tankLitres: 45 },
      { carId: returnedCar.id!, odometer: 40872, tankLitres: 50 },
      { carId: closedCar.id!, odometer: 23705, tankLitres: 50 },
    ],
    audit: [
      audit(onRent, 'checkOut', onRent.pickupAt, 'on_rent'),
      audit(returned, 'checkOut', returned.pickupAt, 'on_rent'),
      audit(returned, 'return', returnedAt, 'returned'),
      audit(closed, 'checkOut', closed.pickupAt, 'on_rent'),
      audit(closed, 'return', closedAt, 'returned'),
      audit(closed, 'counterPayment', new Date(closedAt.getTime() + 60_000), 'closed'),
      audit(closed, 'close', new Date(closedAt.getTime() + 120_000), 'closed'),
    ],
  };
}
