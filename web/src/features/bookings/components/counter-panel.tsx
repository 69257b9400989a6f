import type { Booking, BookingStatus } from '@roam/contract/bookings';
import { CONFIRMED_STATUSES } from '@roam/contract/counter';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '#web/i18n/formats';
import { importWithStrings, useLanguage } from '#web/i18n/index';
import { useBookingDocuments, useCheckIn } from '../api/check-in';

// The booking page's part of the counter (docs/architecture.md §5 "After the booking"), loaded with the page only when
// it has something to say: the online check-in — open from 48 hours before the pick-up until the car is handed over —
// and the documents the counter made (the signed agreement, the condition report), each with its SHA-256. The check-in form and its
// signature pad load when the customer opens it.

const CheckInForm = lazy(() =>
  importWithStrings('features/bookings/components/check-in-form', () => import('./check-in-form')).then((module) => ({
    default: module.CheckInForm,
  })),
);

const isConfirmed = (status: BookingStatus) => (CONFIRMED_STATUSES as readonly BookingStatus[]).includes(status);

export function CounterPanel({ booking, startCheckIn }: { booking: Booking; startCheckIn: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const confirmed = isConfirmed(booking.status);
  const checkIn = useCheckIn(booking._id, confirmed);
  const documents = useBookingDocuments(booking._id);
  const [open, setOpen] = useState(startCheckIn);
  const state = checkIn.data;
  const zone = booking.pickupLocation.timeZone;
  const shown = documents.data?.results ?? [];
  return (
    <section className="checkout-section booking-counter" aria-labelledby="booking-counter">
      <h2 id="booking-counter" className="checkout-section__title">
        {t('checkIn.panel.title')}
      </h2>
      {confirmed && state ? (
        state.checkedInAt ? (
          <p className="booking-counter__done">
            {t('checkIn.panel.checkedIn', { at: formatInZone(state.checkedInAt, zone, language) })}
          </p>
        ) : state.open ? (
          <p>{t('checkIn.panel.open')}</p>
        ) : (
          <p>{t('checkIn.panel.opensAt', { at: formatInZone(state.opensAt, zone, language) })}</p>
        )
      ) : null}
      {confirmed && state?.open && !open ? (
        <button type="button" className="button button--accent" onClick={() => setOpen(true)}>
          {state.checkedInAt ? t('checkIn.panel.again') : t('checkIn.panel.start')}
        </button>
      ) : null}
      {confirmed && state?.open && open ? (
        <Suspense fallback={<p>{t('checkIn.panel.loading')}</p>}>
          <CheckInForm booking={booking} checkIn={state} onDone={() => setOpen(false)} />
        </Suspense>
      ) : null}
      {shown.length > 0 ? (
        <ul className="booking-counter__documents" aria-label={t('checkIn.documents.title')}>
          {shown.map((document) => (
            <li key={document._id}>
              <a className="button button--secondary" href={document.url} download>
                {t(`checkIn.documents.${document.kind}`, { version: document.version })}
              </a>
              {document.signedAt ? (
                <span>
                  {t('checkIn.documents.signed', {
                    at: formatInZone(document.signedAt, zone, language),
                    name: document.signerName ?? '',
                  })}
                </span>
              ) : null}
              {/* The fingerprint stored with the PDF: the customer can check that the file is the one signed
                  (docs/decisions/0008-counter-documents-stored-as-signed.md). */}
              <span className="booking-counter__hash">
                {t('checkIn.documents.hash')} <code>{document.sha256}</code>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
