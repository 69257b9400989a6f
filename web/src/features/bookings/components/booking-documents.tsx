import { useTranslation } from 'react-i18next';
import { bookingCalendarUrl, bookingReceiptUrl } from '../api/booking-documents';

/**
 * "Download receipt" and "Add to calendar" on the booking page; a cancelled booking has no visit to
 * add to a calendar.
 */
export function BookingDocuments({ bookingId, cancelled }: { bookingId: string; cancelled: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="booking__documents" aria-label={t('bookings.documents.title')}>
      <li>
        <a className="button button--secondary" href={bookingReceiptUrl(bookingId)} download>
          {t('bookings.documents.receipt')}
        </a>
      </li>
      {cancelled ? null : (
        <li>
          <a className="button button--secondary" href={bookingCalendarUrl(bookingId)} download>
            {t('bookings.documents.calendar')}
          </a>
        </li>
      )}
    </ul>
  );
}
