import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { useSession } from '#web/lib/session';
import { Page } from '#web/ui/page';
import { useDeskBooking } from './api/desk';
import { BookingActions } from './components/booking-actions';
import { DocumentsSection, DriverSection, RentalSection } from './components/booking-sections';
import { BuyerSection } from './components/buyer-section';
import { ChangeForm } from './components/change-form';
import { HistorySection } from './components/history-section';
import { MoneySection } from './components/money-section';
import { NotesSection } from './components/notes-section';
import './bookings.css';

/**
 * A booking as its operators see it (docs/architecture.md §5 "The bookings desk"): the driver's contact, age and
 * licence, the car and its plate, each end at its place's clock, the money and its gateway references, the documents,
 * the notes between operators, the history, and the actions the server allows now. The scheduler's bars, the
 * dashboard's rows and the bookings list open it; the customer's booking page stays the customer's.
 */
export function BookingScreen() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const admin = useSession().user?.type === 'admin';
  const booking = useDeskBooking(id, useLanguage());
  const [changing, setChanging] = useState(false);
  const back = (
    <p className="desk-view__back">
      <Link to="/operator/bookings">{t('operatorBookings.view.back')}</Link>
    </p>
  );
  if (booking.isError) {
    const missing = isApiError(booking.error) && booking.error.status === 404;
    return <Page title={t(missing ? 'operatorBookings.view.notFound' : 'operatorBookings.view.error')}>{back}</Page>;
  }
  if (!booking.data) return <p className="container">{t('common.loading')}</p>;
  const data = booking.data;
  return (
    <Page
      title={t('operatorBookings.view.title', { reference: data.reference })}
      description={t('operatorBookings.view.description', {
        status: t(`operatorScheduler.status.${data.status}`),
        payment: t(`operatorBookings.paymentState.${data.money.state}`),
      })}
    >
      <div className="desk-view">
        {back}
        {data.cancelRequest && data.status !== 'cancelled' ? (
          <p className="desk-view__alert" role="note">
            {/* A role that may not decide the request (a counter agent) is told whose it is, not pointed to buttons. */}
            {t(
              data.actions.includes('approveCancellation')
                ? 'operatorBookings.view.cancelRequested'
                : 'operatorBookings.view.cancelRequestedReadOnly',
            )}
          </p>
        ) : null}
        <BookingActions booking={data} changing={changing} onChange={() => setChanging(!changing)} />
        {changing ? <ChangeForm booking={data} onDone={() => setChanging(false)} /> : null}
        <div className="desk-view__grid">
          <DriverSection booking={data} />
          <RentalSection booking={data} admin={admin} />
          <MoneySection booking={data} />
          <BuyerSection booking={data} />
          <DocumentsSection booking={data} />
          <NotesSection booking={data} />
        </div>
        <HistorySection bookingId={data._id} />
      </div>
    </Page>
  );
}
