import { useTranslation } from 'react-i18next';
import { bookingCalendarUrl, bookingReceiptUrl } from '../api/booking-documents';
import { bookingInvoiceUrl, useBookingInvoices } from '../api/booking-invoices';

/**
 * "Download receipt" and "Add to calendar" on the booking page, then each invoice and credit note issued
 * (docs/decisions/0011-invoices.md); a cancelled booking has no visit to add to a calendar.
 */
export function BookingDocuments({ bookingId, cancelled }: { bookingId: string; cancelled: boolean }) {
  const { t } = useTranslation();
  const invoices = useBookingInvoices(bookingId);
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
      {(invoices.data ?? []).map((invoice) => (
        <li key={invoice.id}>
          <a className="button button--secondary" href={bookingInvoiceUrl(bookingId, invoice.id)} download>
            {t(invoice.kind === 'invoice' ? 'bookings.documents.invoice' : 'bookings.documents.creditNote', {
              number: invoice.number,
            })}
          </a>
        </li>
      ))}
    </ul>
  );
}
