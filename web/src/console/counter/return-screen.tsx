import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguage } from '#web/i18n/index';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { useCounterBooking } from './api/counter-booking';
import { AfterReturn } from './components/after-return';
import { BookingHeader } from './components/booking-header';
import { BookingTimeline } from './components/booking-timeline';
import { DeskDeposit } from './components/desk-deposit';
import { ReturnForm } from './components/return-form';
import { ScreenError } from './components/screen-error';
import './counter.css';

/**
 * The return screen (`/operator/bookings/:id/return`, docs/architecture.md §5 "After the booking"): a car on rent is
 * taken back — readings, time, place, new damage, the charges quoted and confirmed; a returned one shows its charges,
 * its balance and its settlement, and the documents the customer got.
 */
export function ReturnScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const language = useLanguage();
  const booking = useCounterBooking(id, language);
  if (booking.isError) return <ScreenError error={booking.error} title={t('operatorCounter.return.titleShort')} />;
  if (!booking.data) return <PageLoading />;
  const data = booking.data;
  const returned = data.status === 'returned' || data.status === 'closed';
  return (
    <Page title={t('operatorCounter.return.title', { reference: data.reference })}>
      <div className="counter">
        <BookingHeader booking={data} />
        {data.actions.includes('return') ? (
          <>
            {data.actions.includes('recordDeposit') ? <DeskDeposit booking={data} /> : null}
            <ReturnForm key={data.status} booking={data} />
          </>
        ) : returned ? (
          <>
            <p className="form-message form-message--info" role="status">
              {t('operatorCounter.return.done', { car: data.car.name })}
            </p>
            <AfterReturn booking={data} />
          </>
        ) : (
          <p className="form-message form-message--info">
            {t('operatorCounter.return.notOnRent')}{' '}
            <Link to={`/operator/bookings/${data._id}/check-out`}>{t('operatorCounter.checkOut.open')}</Link>
          </p>
        )}
        <div className="op-section">
          <BookingTimeline timeline={data.timeline} timeZone={data.dropoffLocation.timeZone} />
        </div>
      </div>
    </Page>
  );
}
