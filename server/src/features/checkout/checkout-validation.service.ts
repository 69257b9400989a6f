import { offeredPaymentOptions } from '@roam/contract/booking-terms';
import type { CheckoutBody } from '@roam/contract/checkout';
import type { Language } from '@roam/contract/languages';
import { EXTRAS, type Extra, type PlaceFees } from '@roam/contract/price';
import type { RentalFees } from '@roam/contract/rental-fees';
import { ageOn } from '@roam/contract/time';
import type { AppContext } from '#server/context.ts';
import type { DeskCustomer } from '#server/db/schema.ts';
import { currentSettings } from '#server/features/booking-rules/booking-rules.service.ts';
import {
  type ChosenExtras as ChosenCatalogueExtras,
  chooseCatalogueExtras,
} from '#server/features/catalogue-extras/catalogue-extras.booking.ts';
import { rulesForCar } from '#server/features/counter/counter-settings.service.ts';
import { isUsableLicense } from '#server/features/profile/profile.service.ts';
import { type AppliedPromo, applyPromo } from '#server/features/promo-codes/promo-rules.service.ts';
import { siteSettings } from '#server/features/site-settings/site-settings.service.ts';
import type { DeploymentSettings } from '#server/features/system/settings.service.ts';
import { AppError, validationFailed } from '#server/lib/app-error.ts';
import { minimumDriverAge } from '#server/lib/booking-rules.ts';
import { type CarForBooking, findCarForBooking } from '#server/lib/car-pricing.repository.ts';
import { checkPeriod, rentalPlaceFees } from '#server/lib/opening-hours.ts';
import { rentalFeesFor } from '#server/lib/rental-fees.ts';
import type { SessionUser } from '#server/plugins/session.ts';
import * as repository from './checkout.repository.ts';

// The first step of checkout (spec §5): everything the screen showed is checked again here, in the order
// the answers have always come in — the driver, the car, the places, the period, the ages, the payment option, the
// licence. The client sends choices, never a price.

/** Who drives: the signed-in account, or the guest the form describes (an account is made for them). */
export type Driver = {
  id: string | null;
  email: string;
  fullName: string;
  birthDate: string | null;
  language: string;
  enableEmailNotifications: boolean;
  licenseFileId: string | null;
};

/**
 * Who checks out: the signed-in account, or a guest; `guestTokenHash` is the hash of the browser's guest token
 * (plugins/guest-token.ts) — stored on a guest's booking, and what a temporary licence upload is matched with;
 * `clientKey` is the keyed hash of the network address it comes from.
 */
export type Customer = { user: SessionUser | null; guestTokenHash: string | null; clientKey: string; desk?: Desk };

/**
 * An operator's walk-in or phone booking (features/walk-in): who books, how the customer pays — at
 * the counter (pay later) or by an e-mailed payment link (an online hold of DESK_LINK_HOLD_MINUTES) — and what the
 * operator typed of the customer (null: the admin picked an existing driver). The booking shows what was typed, never
 * the account's own profile or documents (second outside audit, item 1).
 */
export type Desk = {
  operator: Pick<SessionUser, 'id' | 'type' | 'role' | 'businessId' | 'branchIds'>;
  payment: 'counter' | 'link';
  customer: DeskCustomer | null;
};

/**
 * How long a payment-link booking holds its car unpaid: the customer pays from their inbox, not
 * at once; a day, and the card provider's session can last no longer.
 */
export const DESK_LINK_HOLD_MINUTES = 24 * 60;

/** A checkout that passed every rule: what pricing and booking need. */
export type CheckoutOrder = {
  body: CheckoutBody;
  driver: Driver;
  guestTokenHash: string | null;
  clientKey: string;
  car: CarForBooking['car'];
  supplier: CarForBooking['supplier'];
  dateBasedPrices: CarForBooking['dateBasedPrices'];
  pickupPlace: repository.CheckoutPlace;
  dropoffPlace: repository.CheckoutPlace;
  pickupAt: Date;
  dropoffAt: Date;
  extras: Record<Extra, boolean>;
  /** The key box's fees at the places, when a time is after hours there (lib/opening-hours.ts). */
  placeFees: PlaceFees;
  /** The business's fees by rule: the driver's age band, the one-way fee (lib/rental-fees.ts). */
  rentalFees: RentalFees;
  /** The price of a kilometre over the allowance the return will charge (the car's, else its business's rule). */
  pricePerExtraKm: number;
  /** The business's own extras bought (its mandatory ones included), and which come from a stock. */
  catalogueExtras: ChosenCatalogueExtras;
  licenseFileId: string | null;
  /** How long an unpaid online booking holds its car: a run-time setting, read once per checkout. */
  holdMinutes: number;
  /** An operator's booking, else null. */
  desk: Desk | null;
  /** The promo code typed, as it applies (its use is held with the booking); null: none. */
  promo: AppliedPromo | null;
};

function driverOf(body: CheckoutBody, user: SessionUser | null, defaultLanguage: Language): Driver {
  if (user) {
    if (user.blacklisted) throw new AppError('ACCOUNT_SUSPENDED', 'Your account is suspended.');
    return {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      birthDate: user.birthDate,
      language: user.language,
      enableEmailNotifications: user.enableEmailNotifications,
      licenseFileId: user.licenseFileId,
    };
  }
  if (!body.driver) throw validationFailed({ driver: ['Please sign in or enter the driver details.'] });
  const guest = body.driver;
  return {
    id: null,
    email: guest.email.trim(),
    fullName: guest.fullName,
    birthDate: guest.birthDate,
    language: guest.language ?? defaultLanguage,
    enableEmailNotifications: true,
    licenseFileId: null,
  };
}

async function bookableCar(ctx: AppContext, carId: string) {
  const found = await findCarForBooking(ctx.db, carId);
  if (!found) throw new AppError('NOT_FOUND', 'Car not found.');
  const { car, supplier } = found;
  if (!car.available || car.comingSoon || car.fullyBooked || supplier.blacklisted) {
    throw new AppError('CAR_UNAVAILABLE', 'This car is not available.');
  }
  return found;
}

async function placesOf(ctx: AppContext, body: CheckoutBody, carId: string) {
  const places = await repository.findLocations(ctx.db, [body.pickupLocationId, body.dropoffLocationId]);
  const pickupPlace = places.find((place) => place.id === body.pickupLocationId);
  const dropoffPlace = places.find((place) => place.id === body.dropoffLocationId);
  if (!pickupPlace) throw validationFailed({ pickupLocationId: ['Unknown pick-up location.'] });
  if (!dropoffPlace) throw validationFailed({ dropoffLocationId: ['Unknown drop-off location.'] });
  if (!(await repository.carServesLocation(ctx.db, carId, pickupPlace.id))) {
    throw validationFailed({ pickupLocationId: ['This car is not offered at this pick-up location.'] });
  }
  return { pickupPlace, dropoffPlace };
}

/** Drivers' age at pick-up, in the pick-up location's calendar: the car's own minimum (18 to 99; 21 by default). */
function checkAges(
  order: Omit<CheckoutOrder, 'licenseFileId' | 'promo' | 'rentalFees' | 'pricePerExtraKm'>,
  signedIn: boolean,
) {
  const { body, driver, pickupAt, pickupPlace } = order;
  const minimumAge = minimumDriverAge(order.car.minimumAge);
  const birthField = signedIn ? 'birthDate' : 'driver.birthDate';
  if (!driver.birthDate) throw validationFailed({ [birthField]: ['Please add your birth date to your profile.'] });
  if (!(ageOn(driver.birthDate, pickupAt, pickupPlace.timeZone) >= minimumAge)) {
    throw validationFailed({ [birthField]: [`You must be at least ${minimumAge} years old.`] });
  }
  if (order.extras.additionalDriver) {
    if (!body.additionalDriver)
      throw validationFailed({ additionalDriver: ['Please enter the additional driver details.'] });
    if (!(ageOn(body.additionalDriver.birthDate, pickupAt, pickupPlace.timeZone) >= minimumAge)) {
      throw validationFailed({ 'additionalDriver.birthDate': [`You must be at least ${minimumAge} years old.`] });
    }
  }
}

/** The option must be one the checkout offers for this car (contract booking-terms.ts). */
function checkPaymentOption(
  ctx: AppContext,
  order: Omit<CheckoutOrder, 'licenseFileId' | 'promo'>,
  settings: DeploymentSettings,
) {
  const { paymentOption } = order.body;
  // At the counter the operator takes the payment at pick-up, whatever the supplier's pay-later switch.
  const payLater = order.supplier.payLater || order.desk?.payment === 'counter';
  if (paymentOption === 'payLater' && !payLater) {
    throw validationFailed({ paymentOption: ['Pay later is not available for this supplier.'] });
  }
  // Nothing is written for an online payment that no gateway could take (production without a card provider).
  const online = settings.payment.card !== null || Boolean(ctx.payments.paypal);
  if (paymentOption !== 'payLater' && !online) {
    throw validationFailed({ paymentOption: ['Online payment is not available.'] });
  }
  const offered = offeredPaymentOptions({ deposit: order.car.deposit, payLater, online });
  if (!offered.includes(paymentOption)) {
    throw validationFailed({ paymentOption: ['This car has no security deposit to pay online.'] });
  }
}

/**
 * Driver licence: required by some suppliers; an uploaded file of the driver, or a temporary one this browser
 * uploaded.
 */
async function licenceOf(
  ctx: AppContext,
  order: Omit<CheckoutOrder, 'licenseFileId' | 'promo'>,
): Promise<string | null> {
  const { body, driver, supplier, guestTokenHash } = order;
  const licenseFileId = body.licenseFileId ?? driver.licenseFileId;
  if (body.licenseFileId && !(await isUsableLicense(ctx, body.licenseFileId, driver.id, guestTokenHash))) {
    throw validationFailed({ licenseFileId: ['Please add your driver’s licence.'] });
  }
  // The operator sees the walk-in customer's licence at the counter, as at every pick-up.
  if (supplier.licenseRequired && !licenseFileId && !order.desk)
    throw validationFailed({ licenseFileId: ['Please add your driver’s licence.'] });
  return !supplier.licenseRequired && !body.licenseFileId ? null : (licenseFileId ?? null);
}

/**
 * The driver of a desk booking: the account's e-mail, language and id, and what the operator typed of them — the
 * name, the birth date the ages are checked on — never the account's stored profile nor its licence (second outside
 * audit, item 1: a walk-in for an existing driver's e-mail attached and showed them).
 */
function deskDriver(driver: Driver, desk: Desk): Driver {
  const typed = desk.customer ? { fullName: desk.customer.fullName, birthDate: desk.customer.birthDate } : {};
  return { ...driver, ...typed, licenseFileId: null };
}

/** Every rule of a checkout, or the first field error it breaks. */
export async function validateCheckout(
  ctx: AppContext,
  body: CheckoutBody,
  { user, guestTokenHash, clientKey, desk }: Customer,
): Promise<CheckoutOrder> {
  const [settings, site] = await Promise.all([currentSettings(ctx), siteSettings(ctx)]);
  const account = driverOf(body, user, site.defaultLanguage);
  const driver = desk ? deskDriver(account, desk) : account;
  const { car, supplier, dateBasedPrices } = await bookableCar(ctx, body.carId);
  const { pickupPlace, dropoffPlace } = await placesOf(ctx, body, car.id);
  const pickupAt = new Date(body.pickupAt);
  const dropoffAt = new Date(body.dropoffAt);
  checkPeriod({ pickupAt, dropoffAt, now: ctx.clock.now(), pickupPlace, dropoffPlace, rules: settings });
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, body.extras[extra] === true])) as Record<
    Extra,
    boolean
  >;
  const order = {
    body,
    driver,
    guestTokenHash,
    clientKey,
    car,
    supplier,
    dateBasedPrices,
    pickupPlace,
    dropoffPlace,
    pickupAt,
    dropoffAt,
    extras,
    placeFees: rentalPlaceFees({ pickupPlace, dropoffPlace, pickupAt, dropoffAt }),
    catalogueExtras: await chooseCatalogueExtras(ctx, {
      car,
      locationId: pickupPlace.id,
      chosen: body.catalogueExtras,
    }),
    holdMinutes: desk?.payment === 'link' ? DESK_LINK_HOLD_MINUTES : settings.holdMinutes,
    desk: desk ?? null,
  };
  checkAges(order, user !== null);
  const [rentalFees, counter] = await Promise.all([
    rentalFeesFor(ctx.db, {
      supplierId: supplier.id,
      carId: car.id,
      birthDate: driver.birthDate,
      pickupAt,
      timeZone: pickupPlace.timeZone,
      pickup: pickupPlace,
      dropoff: dropoffPlace,
    }),
    rulesForCar(ctx.db, supplier.id, car.id),
  ]);
  const priced = { ...order, rentalFees, pricePerExtraKm: counter.rules.pricePerExtraKm };
  checkPaymentOption(ctx, priced, settings);
  const licenseFileId = await licenceOf(ctx, priced);
  return { ...priced, licenseFileId, promo: await promoOf(ctx, priced) };
}

/** The promo code typed, checked against the rental (features/promo-codes); its use is held when the booking is. */
function promoOf(ctx: AppContext, order: Omit<CheckoutOrder, 'licenseFileId' | 'promo'>) {
  if (!order.body.promoCode) return null;
  return applyPromo(ctx, order.body.promoCode, {
    car: { id: order.car.id, range: order.car.range, supplierId: order.supplier.id },
    pickupPlace: order.pickupPlace,
    pickupAt: order.pickupAt,
    dropoffAt: order.dropoffAt,
    driverId: order.driver.id,
  });
}
