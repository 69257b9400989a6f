import { BOOKING_STATUSES, type BookingStatus, type Language } from '@roam/contract/enum-values';
import { formatMinor } from '@roam/contract/money';
import type { Notification } from '@roam/contract/notifications';
import type { TFunction } from 'i18next';

const isStatus = (value: unknown): value is BookingStatus => BOOKING_STATUSES.includes(value as BookingStatus);

/** A notification's text in the reader's language, from its kind and params (issue #6 notification kinds). */
export function notificationMessage(t: TFunction, notification: Notification, language: Language): string {
  const { kind, params } = notification;
  switch (kind) {
    case 'bookingConfirmed':
      return t('notifications.kinds.bookingConfirmed');
    case 'bookingStatusChanged':
      return t('notifications.kinds.bookingStatusChanged', {
        status: isStatus(params.status) ? t(`notifications.statuses.${params.status}`) : String(params.status ?? ''),
      });
    case 'cancelRequested':
      return t('notifications.kinds.cancelRequested');
    // Issue #23: the operator's decision on the driver's cancellation request.
    case 'cancelApproved':
      return typeof params.refundAmount === 'number' && typeof params.refundCurrency === 'string'
        ? t('notifications.kinds.cancelApprovedRefund', {
            car: String(params.car ?? ''),
            refund: formatMinor(params.refundAmount, params.refundCurrency, language),
          })
        : t('notifications.kinds.cancelApproved', { car: String(params.car ?? '') });
    case 'cancelDeclined':
      return t('notifications.kinds.cancelDeclined', {
        car: String(params.car ?? ''),
        message: String(params.message ?? ''),
      });
    case 'bookingPaid':
      return t('notifications.kinds.bookingPaid');
    case 'newBooking':
      return t('notifications.kinds.newBooking');
    case 'pickupReminder':
      return t('notifications.kinds.pickupReminder', { car: String(params.car ?? '') });
    case 'dropoffReminder':
      return t('notifications.kinds.dropoffReminder', { car: String(params.car ?? '') });
    // Issue #25 item 2: a change of the booking, and the supplier told of the driver's change or free cancel.
    case 'bookingChanged':
      return typeof params.refundAmount === 'number' && typeof params.refundCurrency === 'string'
        ? t('notifications.kinds.bookingChangedRefund', {
            car: String(params.car ?? ''),
            refund: formatMinor(params.refundAmount, params.refundCurrency, language),
          })
        : t('notifications.kinds.bookingChanged', { car: String(params.car ?? '') });
    case 'driverChangedBooking':
      return t('notifications.kinds.driverChangedBooking', { car: String(params.car ?? '') });
    case 'driverCancelled':
      return t('notifications.kinds.driverCancelled', { car: String(params.car ?? '') });
    default:
      return t('notifications.kinds.other');
  }
}
