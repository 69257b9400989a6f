import { type BookingAction, bookingActions } from '@roam/contract/booking-actions';
import { extraCovered } from '@roam/contract/booking-terms';
import type { Booking, BookingRow } from '@roam/contract/bookings';
import { BLOCKING_STATUSES, type BookingStatus, type BookingSummary, bookingAmounts } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { EXTRAS } from '@roam/contract/price';
import { balanceFrom } from '#server/features/ledger/ledger.service.ts';
import type { BookingFacts, Recipient } from '#server/features/notifications/notifications.service.ts';
import type { BookingRecord } from './bookings.repository.ts';

// A booking as the API shows it: its summary — the reference, the places with their
// address, the amounts in the booking's own currency, paid and due by its ledger — the list's row, and
// the booking page's detail; and its driver and supplier as the recipients of its notices.

const nameIn = (names: Record<string, string>, language: Language) => names[language] ?? names.en ?? '';
export const fileUrl = (id: string | null) => (id ? `/api/files/${id}` : null);

/**
 * The booking's balance from its ledger (contract `bookingBalance`, the one rule), with the counter's charges not
 * waived: what a returned rental or a no-show owes (docs/decisions/0008-counter-documents-stored-as-signed.md).
 */
export const balanceOfRecord = (record: BookingRecord) =>
  balanceFrom({ ...record.booking, charges: record.ledger.charges ?? 0 }, record.ledger);

export function toSummary(record: BookingRecord, language: Language): BookingSummary {
  const { booking } = record;
  const days = Math.max(1, Math.ceil((booking.dropoffAt.getTime() - booking.pickupAt.getTime()) / (24 * 3600_000)));
  return {
    _id: booking.id,
    reference: booking.reference,
    status: booking.status,
    paymentOption: booking.paymentOption,
    car: { _id: booking.carId, name: record.carName, image: fileUrl(record.carImageFileId), range: record.carRange },
    supplier: { _id: booking.supplierId, name: record.supplierName },
    pickupLocation: {
      _id: booking.pickupLocationId,
      name: nameIn(record.pickupNames, language),
      address: record.pickupAddress,
      timeZone: record.pickupTimeZone,
    },
    dropoffLocation: {
      _id: booking.dropoffLocationId,
      name: nameIn(record.dropoffNames, language),
      address: record.dropoffAddress,
      timeZone: record.dropoffTimeZone,
    },
    pickupAt: booking.pickupAt.toISOString(),
    dropoffAt: booking.dropoffAt.toISOString(),
    days,
    amounts: bookingAmounts(booking, balanceOfRecord(record)),
  };
}

/** The booking as contract booking-actions.ts reads it: changeable by its own terms, not the car's now. */
export function actionable(record: BookingRecord) {
  const { booking } = record;
  const balance = balanceOfRecord(record);
  return {
    ...booking,
    amendable: extraCovered(booking.terms.car.amendments, booking.amendments),
    tookMoney: balance.tookMoney,
    amounts: { due: booking.status === 'void' ? 0 : balance.due },
  };
}

/** What `viewer` may do with the booking now (the one rule: contract booking-actions.ts). */
export const actionsOf = (
  record: BookingRecord,
  viewer: Parameters<typeof bookingActions>[1],
  now: Date,
): BookingAction[] => bookingActions(actionable(record), viewer, now);

export function toRow(record: BookingRecord, language: Language): BookingRow {
  const { booking } = record;
  return {
    ...toSummary(record, language),
    driver: { _id: booking.driverId, name: record.driverName },
    price: booking.price,
    cancelRequest: booking.cancelRequest,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    amendable: actionable(record).amendable,
    tookMoney: actionable(record).tookMoney,
    createdAt: booking.createdAt.toISOString(),
  };
}

export function toDetail(record: BookingRecord, language: Language): Booking {
  const { booking } = record;
  return {
    ...toRow(record, language),
    extras: Object.fromEntries(EXTRAS.map((extra) => [extra, booking[extra]])) as Booking['extras'],
    additionalDriverDetails: booking.additionalDriverDetails ?? null,
    rate: booking.rate,
    chargedAmount: booking.chargedAmount,
    paymentProvider: booking.paymentProvider,
    paidAt: booking.paidAt?.toISOString() ?? null,
    license: fileUrl(booking.licenseFileId),
    terms: { ...booking.terms, car: { ...booking.terms.car, dateBasedPrices: [...booking.terms.car.dateBasedPrices] } },
    bookedAtDesk: booking.bookedAtDesk,
    refusedAt: booking.refusedAt?.toISOString() ?? null,
  };
}

/** What the desk needs to know in a notice (its driver's contact) and what the driver bought (its extras). */
export const factsOf = (record: BookingRecord): BookingFacts => ({
  driver: { name: record.driverName, email: record.driverEmail, phone: record.driverPhone },
  extras: EXTRAS.filter((extra) => record.booking[extra]),
});

/** The booking's driver as a notice's recipient (notifications.service.ts). */
export const driverOf = (record: BookingRecord): Recipient => ({
  id: record.booking.driverId,
  email: record.driverEmail,
  language: record.driverLanguage,
  enableEmailNotifications: record.driverNotifications,
});

/** The booked car's supplier as a notice's recipient. */
export const supplierOf = (record: BookingRecord): Recipient => ({
  id: record.booking.supplierId,
  email: record.supplierEmail,
  language: record.supplierLanguage,
  enableEmailNotifications: record.supplierNotifications,
});

/** Whether a booking in `status` holds its car (the exclusion constraint then keeps other bookings off it). */
export const statusBlocksCar = (status: BookingStatus) =>
  (BLOCKING_STATUSES as readonly BookingStatus[]).includes(status);
