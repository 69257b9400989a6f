import type { Booking, BookingRow } from '@roam/contract/bookings';
import type { CarDetails } from '@roam/contract/cars';
import type { Location } from '@roam/contract/locations';
import type { User } from '@roam/contract/users';

// The demo data's shapes, for the web tests: a place, a car offered there, a driver (server/src/db/seed).

export const PARIS: Location = {
  _id: '9a2b9a1e-5a1d-4a63-9a7e-0c9d7d4b2a11',
  name: 'Paris Charles de Gaulle Airport',
  kind: 'airport',
  countryId: '0b5a2f8e-6d0c-4d55-8a3e-7c1f0e9b6a22',
  countryCode: 'FR',
  countryName: 'France',
  parentId: null,
  parentName: null,
  latitude: 49.0,
  longitude: 2.55,
  timeZone: 'Europe/Paris',
  openingHours: null,
};

export const CLIO: CarDetails = {
  _id: '3f1e2d4c-5b6a-4789-9abc-def012345678',
  name: 'Renault Clio',
  image: null,
  photos: [],
  supplier: {
    _id: '7d6c5b4a-3f2e-4d1c-8b0a-9e8f7a6b5c4d',
    fullName: 'Azur Coast Rentals',
    logo: null,
    priceChangeRate: 0,
    payLater: true,
    licenseRequired: false,
  },
  range: 'mini',
  fuelType: 'gasoline',
  gearbox: 'manual',
  seats: 5,
  doors: 5,
  aircon: true,
  mileage: -1,
  fuelPolicy: 'likeForlike',
  multimedia: [],
  dailyPrice: 4000,
  discountedDailyPrice: null,
  hourlyPrice: null,
  discountedHourlyPrice: null,
  biWeeklyPrice: null,
  discountedBiWeeklyPrice: null,
  weeklyPrice: null,
  discountedWeeklyPrice: null,
  monthlyPrice: null,
  discountedMonthlyPrice: null,
  isDateBasedPrice: false,
  dateBasedPrices: [],
  deposit: 50000,
  cancellation: 0,
  amendments: -1,
  theftProtection: 900,
  collisionDamageWaiver: -1,
  fullInsurance: -1,
  additionalDriver: 500,
  available: true,
  fullyBooked: false,
  comingSoon: false,
  rating: null,
  trips: 0,
  minimumAge: 21,
  co2: null,
  locations: [{ _id: PARIS._id, name: PARIS.name, timeZone: PARIS.timeZone }],
  pricePerExtraKm: 30,
};

export const DRIVER: User = {
  _id: '6f1c1e2a-8a6e-4b8e-9d4e-2f0c4d9a7b11',
  type: 'user',
  email: 'driver@roam.localhost',
  fullName: 'Camille Martin',
  phone: '+33 6 11 22 33 44',
  location: null,
  bio: null,
  birthDate: '1990-01-01',
  avatar: null,
  language: 'en',
  enableEmailNotifications: true,
  blacklisted: false,
  verified: true,
};

/** The terms a booking of the Clio keeps (contract booked-terms.ts): its prices and extras as they were. */
export const CLIO_TERMS: Booking['terms'] = {
  car: {
    dailyPrice: CLIO.dailyPrice,
    discountedDailyPrice: null,
    hourlyPrice: null,
    discountedHourlyPrice: null,
    biWeeklyPrice: null,
    discountedBiWeeklyPrice: null,
    weeklyPrice: null,
    discountedWeeklyPrice: null,
    monthlyPrice: null,
    discountedMonthlyPrice: null,
    isDateBasedPrice: false,
    dateBasedPrices: [],
    deposit: CLIO.deposit,
    cancellation: CLIO.cancellation,
    amendments: CLIO.amendments,
    theftProtection: CLIO.theftProtection,
    collisionDamageWaiver: CLIO.collisionDamageWaiver,
    fullInsurance: CLIO.fullInsurance,
    additionalDriver: CLIO.additionalDriver,
  },
  priceChangeRate: CLIO.supplier.priceChangeRate,
  mileage: CLIO.mileage,
  fuelPolicy: CLIO.fuelPolicy,
  minimumAge: CLIO.minimumAge,
};

/** The year of the bookings below: two years ahead, so that none has started. */
export const BOOKING_YEAR = new Date().getUTCFullYear() + 2;

const PARIS_DESK = { _id: PARIS._id, name: PARIS.name, address: 'Terminal 2, 95700 Roissy', timeZone: PARIS.timeZone };

/**
 * A pay-later booking of the Clio at Paris CDG, 1 June 10:00 to 4 June 10:00 Paris time (summer: UTC+2), made in
 * euros, with the Amendments extra (its driver may change it).
 */
export const bookingRow = (id: string, overrides: Partial<BookingRow> = {}): BookingRow => ({
  _id: id,
  reference: 'K7QX4M2P',
  car: { _id: CLIO._id, name: CLIO.name, image: null, range: CLIO.range },
  supplier: { _id: CLIO.supplier._id, name: CLIO.supplier.fullName },
  driver: { _id: DRIVER._id, name: DRIVER.fullName },
  pickupLocation: PARIS_DESK,
  dropoffLocation: PARIS_DESK,
  pickupAt: `${BOOKING_YEAR}-06-01T08:00:00.000Z`,
  dropoffAt: `${BOOKING_YEAR}-06-04T08:00:00.000Z`,
  days: 3,
  price: 12000,
  status: 'pending',
  paymentOption: 'payLater',
  amounts: {
    currency: 'EUR',
    total: 12000,
    payNow: 0,
    payAtPickup: 12000,
    securityDeposit: 50000,
    securityDepositTaken: 'atPickup',
    securityDepositOn: 'card',
    held: 0,
    due: 12000,
  },
  cancelRequest: false,
  holdExpiresAt: null,
  amendable: true,
  tookMoney: false,
  createdAt: `${BOOKING_YEAR - 2}-01-01T00:00:00.000Z`,
  ...overrides,
});

/** The row with what the booking screen adds: not started yet, with the Amendments extra, so the driver may change it. */
export const booking = (id: string, overrides: Partial<Booking> = {}): Booking => ({
  ...bookingRow(id),
  extras: {
    cancellation: false,
    amendments: true,
    theftProtection: false,
    collisionDamageWaiver: false,
    fullInsurance: false,
    additionalDriver: false,
  },
  additionalDriverDetails: null,
  rate: 1,
  chargedAmount: 0,
  paymentProvider: null,
  paidAt: null,
  license: null,
  terms: CLIO_TERMS,
  bookedAtDesk: false,
  refusedAt: null,
  ...overrides,
});

/** A car's fees by rule when its business sets none (GET /api/car-rental-fees/{id}): what the checkout prices from. */
export const NO_FEES = { youngDriver: [], seniorDriver: null, oneWayRefused: false, oneWayFee: null };
/** The stand-in server's answer of the checkout's fee quote for the Clio: none. */
export const NO_FEES_ANSWER = { [`GET /api/car-rental-fees/${CLIO._id}`]: () => Response.json(NO_FEES) };
