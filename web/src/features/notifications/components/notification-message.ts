import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/bookings';
import type { Language } from '@roam/contract/languages';
import { formatMinor } from '@roam/contract/money';
import type { Notification } from '@roam/contract/notifications';
import type { TFunction } from 'i18next';

const isStatus = (value: unknown): value is BookingStatus => BOOKING_STATUSES.includes(value as BookingStatus);

/** An amount a notice carries (`<name>Amount` in minor units of `<name>Currency`), formatted; null when it has none. */
function amountOf(params: Notification['params'], name: 'refund' | 'due', language: Language): string | null {
  const amount = params[`${name}Amount`];
  const currency = params[`${name}Currency`];
  return typeof amount === 'number' && typeof currency === 'string' ? formatMinor(amount, currency, language) : null;
}

/**
 * A notice that may carry a refund: its `<kind>Refund` text with the amount; a change's
 * may instead carry what became due: `bookingChangedDue`; else `<kind>`.
 */
function withRefund(
  t: TFunction,
  kind: 'cancelApproved' | 'bookingChanged',
  params: Notification['params'],
  language: Language,
): string {
  const car = String(params.car ?? '');
  const refund = amountOf(params, 'refund', language);
  if (refund) return t(`notifications.kinds.${kind}Refund`, { car, refund });
  const due = amountOf(params, 'due', language);
  if (due && kind === 'bookingChanged') return t('notifications.kinds.bookingChangedDue', { car, due });
  return t(`notifications.kinds.${kind}`, { car });
}

/** A notification's text in the reader's language, from its kind and params (notification kinds). */
export function notificationMessage(t: TFunction, notification: Notification, language: Language): string {
  const { kind, params } = notification;
  switch (kind) {
    case 'bookingConfirmed':
      return t('notifications.kinds.bookingConfirmed');
    case 'bookingStatusChanged': {
      const status = isStatus(params.status)
        ? t(`notifications.statuses.${params.status}`)
        : String(params.status ?? '');
      // An operator's cancellation says what comes back.
      const refund = amountOf(params, 'refund', language);
      return refund
        ? t('notifications.kinds.bookingStatusChangedRefund', { status, refund })
        : t('notifications.kinds.bookingStatusChanged', { status });
    }
    case 'cancelRequested':
      return t('notifications.kinds.cancelRequested');
    // The operator's decision on the driver's cancellation request.
    case 'cancelApproved':
      return withRefund(t, 'cancelApproved', params, language);
    case 'cancelDeclined':
      return t('notifications.kinds.cancelDeclined', {
        car: String(params.car ?? ''),
        message: String(params.message ?? ''),
      });
    case 'bookingPaid':
      return t('notifications.kinds.bookingPaid');
    case 'newBooking':
    case 'bookingNew':
      return t('notifications.kinds.newBooking');
    case 'pickupReminder':
      return t('notifications.kinds.pickupReminder', { car: String(params.car ?? '') });
    case 'dropoffReminder':
      return t('notifications.kinds.dropoffReminder', { car: String(params.car ?? '') });
    // A change of the booking, and the supplier told of the driver's change or free cancel.
    case 'bookingChanged':
      return withRefund(t, 'bookingChanged', params, language);
    case 'driverChangedBooking':
      return t('notifications.kinds.driverChangedBooking', { car: String(params.car ?? '') });
    case 'driverCancelled':
      return t('notifications.kinds.driverCancelled', { car: String(params.car ?? '') });
    // A dearer change paid for could not be made; the difference is refunded.
    case 'changeNotMade':
      return t(
        params.reason === 'changed'
          ? 'notifications.kinds.changeNotMadeChanged'
          : 'notifications.kinds.changeNotMadeTaken',
        {
          car: String(params.car ?? ''),
          refund:
            typeof params.refundAmount === 'number' && typeof params.refundCurrency === 'string'
              ? formatMinor(params.refundAmount, params.refundCurrency, language)
              : '',
        },
      );
    // An operator deleted a booking that never took money.
    case 'bookingDeleted':
      return t('notifications.kinds.bookingDeleted', { car: String(params.car ?? '') });
    // The counter (docs/architecture.md §5 "After the booking"): the car handed over, taken back, the rental closed.
    case 'bookingCheckedOut':
      return t('notifications.kinds.bookingCheckedOut', { car: String(params.car ?? '') });
    case 'bookingReturned':
      return typeof params.charges === 'number' && params.charges > 0 && typeof params.currency === 'string'
        ? t('notifications.kinds.bookingReturnedCharges', {
            car: String(params.car ?? ''),
            amount: formatMinor(params.charges, params.currency, language),
          })
        : t('notifications.kinds.bookingReturned', { car: String(params.car ?? '') });
    case 'bookingClosed':
      return t('notifications.kinds.bookingClosed', { car: String(params.car ?? '') });
    case 'bookingNoShow':
      return t('notifications.kinds.bookingNoShow', { car: String(params.car ?? '') });
    case 'bookingCheckedIn':
      return t('notifications.kinds.bookingCheckedIn', { car: String(params.car ?? '') });
    case 'chargeAdded':
    case 'chargeWaived':
      return t(`notifications.kinds.${kind}`, {
        car: String(params.car ?? ''),
        amount:
          typeof params.amount === 'number' && typeof params.currency === 'string'
            ? formatMinor(params.amount, params.currency, language)
            : '',
      });
    // A booking made in the driver's name at the desk, and the supplier told of its refusal (second audit, item 1).
    case 'bookedAtDesk':
      return t('notifications.kinds.bookedAtDesk', {
        car: String(params.car ?? ''),
        supplier: String(params.supplier ?? ''),
      });
    case 'deskBookingRefused':
      return t('notifications.kinds.deskBookingRefused', { car: String(params.car ?? '') });
    default:
      return t('notifications.kinds.other');
  }
}
