import type { CheckoutBody, CheckoutResult } from '@roam/contract/checkout';
import { EXTRAS, type Language } from '@roam/contract/enums';
import { convertMinor } from '@roam/contract/money';
import { paymentSplit } from '@roam/contract/price';
import { rateFor } from '@roam/contract/rates-snapshot';
import { ageOn, validateRentalPeriod } from '@roam/contract/time';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { minimumDriverAge, priceBooking, throwPeriodIssues } from '../../lib/booking-rules.ts';
import type { QueuedMail } from '../../lib/mailer.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { createGuestAccount, isEmailRegistered } from '../auth/account.service.ts';
import { deliverNotices, recordBookingNotice, recordGuestActivation } from '../notifications/notifications.service.ts';
import { releaseExpiredHolds, startCardPayment } from '../payments/payments.service.ts';
import { attachGuestLicense, isUsableLicense } from '../profile/profile.service.ts';
import { buildSettings } from '../system/settings.service.ts';
import * as repository from './checkout.repository.ts';

// Server checkout (issue #5, ARCHITECTURE §5 Bookings): everything the screen showed is recomputed here; the client
// sends choices, never a price. One transaction releases the car's lapsed holds and inserts the booking; the
// exclusion constraint makes a double booking impossible.

const invalid = (fieldErrors: Record<string, string[]>) =>
  new AppError('VALIDATION_FAILED', 'Please fix errors.', fieldErrors);
const EMAIL_TAKEN_MESSAGE = 'This email address is already registered.';

type Driver = {
  id: string | null;
  email: string;
  fullName: string;
  birthDate: string | null;
  language: string;
  enableEmailNotifications: boolean;
  licenseFileId: string | null;
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
  if (!body.driver) throw invalid({ driver: ['Please sign in or enter the driver details.'] });
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

export async function checkout(ctx: AppContext, body: CheckoutBody, user: SessionUser | null): Promise<CheckoutResult> {
  const { db, config } = ctx;
  const settings = buildSettings(config);
  const driver = driverOf(body, user, config.DEFAULT_LANGUAGE);

  const found = await repository.findCarForCheckout(db, body.carId);
  if (!found) throw new AppError('NOT_FOUND', 'Car not found.');
  const { car, supplier } = found;
  if (!car.available || car.comingSoon || car.fullyBooked || supplier.blacklisted) {
    throw new AppError('CAR_UNAVAILABLE', 'This car is not available.');
  }

  const places = await repository.findLocations(db, [body.pickupLocationId, body.dropoffLocationId]);
  const pickupPlace = places.find((place) => place.id === body.pickupLocationId);
  const dropoffPlace = places.find((place) => place.id === body.dropoffLocationId);
  if (!pickupPlace) throw invalid({ pickupLocationId: ['Unknown pick-up location.'] });
  if (!dropoffPlace) throw invalid({ dropoffLocationId: ['Unknown drop-off location.'] });
  if (!(await repository.carServesLocation(db, car.id, pickupPlace.id))) {
    throw invalid({ pickupLocationId: ['This car is not offered at this pick-up location.'] });
  }

  const pickupAt = new Date(body.pickupAt);
  const dropoffAt = new Date(body.dropoffAt);
  throwPeriodIssues(
    validateRentalPeriod({
      pickupAt,
      dropoffAt,
      now: ctx.clock.now(),
      pickupTimeZone: pickupPlace.timeZone,
      dropoffTimeZone: dropoffPlace.timeZone,
      rules: settings,
    }),
  );

  // Driver age at pick-up, in the pick-up location's calendar (spec §5: at least 21, or the car's minimum age).
  const minimumAge = minimumDriverAge(car.minimumAge);
  const birthField = user ? 'birthDate' : 'driver.birthDate';
  if (!driver.birthDate) throw invalid({ [birthField]: ['Please add your birth date to your profile.'] });
  if (!(ageOn(driver.birthDate, pickupAt, pickupPlace.timeZone) >= minimumAge)) {
    throw invalid({ [birthField]: [`You must be at least ${minimumAge} years old.`] });
  }
  const extras = Object.fromEntries(EXTRAS.map((extra) => [extra, body.extras[extra] === true]));
  if (extras.additionalDriver) {
    if (!body.additionalDriver) throw invalid({ additionalDriver: ['Please enter the additional driver details.'] });
    if (!(ageOn(body.additionalDriver.birthDate, pickupAt, pickupPlace.timeZone) >= settings.minDriverAge)) {
      throw invalid({ 'additionalDriver.birthDate': [`You must be at least ${settings.minDriverAge} years old.`] });
    }
  }

  if (body.paymentOption === 'payLater' && !supplier.payLater) {
    throw invalid({ paymentOption: ['Pay later is not available for this supplier.'] });
  }
  // Nothing is written for an online payment that no gateway could take (production without a card provider).
  if (body.paymentOption !== 'payLater' && settings.payment.card === null && !ctx.payments.paypal) {
    throw invalid({ paymentOption: ['Online payment is not available.'] });
  }

  // Driver licence: required by some suppliers; an uploaded file of the driver, or a temporary one for a guest.
  let licenseFileId: string | null = body.licenseFileId ?? driver.licenseFileId;
  if (body.licenseFileId && !(await isUsableLicense(ctx, body.licenseFileId, driver.id))) {
    throw invalid({ licenseFileId: ['Please add your driver’s licence.'] });
  }
  if (supplier.licenseRequired && !licenseFileId)
    throw invalid({ licenseFileId: ['Please add your driver’s licence.'] });
  if (!supplier.licenseRequired && !body.licenseFileId) licenseFileId = null;

  const price = priceBooking({
    car,
    dateBasedPrices: found.dateBasedPrices,
    priceChangeRate: supplier.priceChangeRate,
    pickupAt,
    dropoffAt,
    timeZone: pickupPlace.timeZone,
    extras,
  });
  const { payNow, payAtPickup } = paymentSplit(price, body.paymentOption);
  const rate = rateFor(await ctx.rates.getRates(), body.currency);
  const chargedAmount = convertMinor(payNow, rate, body.currency);
  const online = body.paymentOption !== 'payLater';
  const holdExpiresAt = online ? new Date(ctx.clock.now().getTime() + config.HOLD_MINUTES * 60_000) : null;

  if (!driver.id && (await isEmailRegistered(ctx, driver.email)))
    throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { 'driver.email': [EMAIL_TAKEN_MESSAGE] });

  let created: {
    bookingId: string;
    driverId: string;
    accountCreated: boolean;
    status: CheckoutResult['status'];
    mails: (QueuedMail | null)[];
  };
  try {
    // One transaction: the lapsed holds released, the guest account, the booking, and — for pay later, booked at
    // once — the driver's and the supplier's notices (and every e-mail in the outbox). A crash leaves all or none.
    created = await db.transaction(async (tx) => {
      await releaseExpiredHolds(ctx, tx, car.id);
      let driverId = driver.id;
      const mails: (QueuedMail | null)[] = [];
      let activationLink: string | null = null;
      if (!driverId && body.driver) {
        const account = await createGuestAccount(ctx, tx, {
          fullName: body.driver.fullName,
          email: driver.email,
          phone: body.driver.phone,
          birthDate: body.driver.birthDate,
          language: driver.language,
        });
        driverId = account.id;
        activationLink = account.activationLink;
        if (licenseFileId) await attachGuestLicense(ctx, tx, licenseFileId, account.id);
      }
      const booking = await repository.insertBooking(tx, {
        carId: car.id,
        supplierId: supplier.id,
        driverId: driverId!,
        pickupLocationId: pickupPlace.id,
        dropoffLocationId: dropoffPlace.id,
        pickupAt,
        dropoffAt,
        status: online ? 'void' : 'pending',
        blocksCar: true,
        holdExpiresAt,
        paymentOption: body.paymentOption,
        ...extras,
        additionalDriverDetails: extras.additionalDriver ? (body.additionalDriver ?? null) : null,
        price: price.total,
        deposit: price.deposit,
        payNow,
        currency: body.currency,
        rate,
        chargedAmount,
        licenseFileId,
      });
      if (activationLink) {
        const ref = { id: booking.id, carName: car.name };
        mails.push(await recordGuestActivation(ctx, tx, driver, ref, activationLink));
      }
      if (!online) {
        // Pay later: booked now. The driver and the supplier hear about it at once.
        const recipient = {
          id: driverId!,
          email: driver.email,
          language: driver.language,
          enableEmailNotifications: driver.enableEmailNotifications,
        };
        const amount = { totalEUR: price.total, currency: body.currency, rate };
        const ref = { id: booking.id, carName: car.name, status: 'pending' as const, amount };
        mails.push(await recordBookingNotice(ctx, tx, recipient, 'bookingConfirmed', ref));
        mails.push(await recordBookingNotice(ctx, tx, supplier, 'bookingNew', ref));
      }
      return {
        bookingId: booking.id,
        driverId: driverId!,
        accountCreated: activationLink !== null,
        status: booking.status,
        mails,
      };
    });
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === '23P01')
      throw new AppError('CAR_UNAVAILABLE', 'This car was just booked by someone else for these dates.');
    if (code === '23505')
      throw new AppError('EMAIL_TAKEN', EMAIL_TAKEN_MESSAGE, { 'driver.email': [EMAIL_TAKEN_MESSAGE] });
    throw error;
  }
  await deliverNotices(ctx, created.mails);

  let payment: CheckoutResult['payment'] = null;
  if (online) {
    payment = await startCardPayment(ctx, {
      id: created.bookingId,
      chargedAmount,
      currency: body.currency,
      carName: car.name,
      holdExpiresAt: holdExpiresAt!,
    });
  }

  return {
    bookingId: created.bookingId,
    status: created.status,
    price,
    payNow,
    payAtPickup,
    chargedAmount,
    currency: body.currency,
    rate,
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
    accountCreated: created.accountCreated,
    payment,
    walletEnabled: ctx.payments.paypal !== null,
  };
}
