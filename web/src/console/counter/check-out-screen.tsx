import type { CounterBooking } from '@roam/contract/counter';
import { canTransition } from '@roam/contract/counter';
import { isReachableEmail } from '@roam/contract/walk-in';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatInZone } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { useCounterBooking } from './api/counter-booking';
import { BookingHeader } from './components/booking-header';
import { BookingTimeline } from './components/booking-timeline';
import { CheckOutForm } from './components/check-out-form';
import { DeskDeposit } from './components/desk-deposit';
import { NoShowButton } from './components/no-show-button';
import { ScreenError } from './components/screen-error';
import './counter.css';

/**
 * The check-out screen (`/operator/bookings/:id/check-out`, docs/architecture.md §5 "After the booking"), for a phone
 * or a tablet at the lot: the booking, what the server allows now — the check-out from the pick-up day, a no-show
 * after the pick-up and its grace — and the booking's timeline.
 */
export function CheckOutScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const language = useLanguage();
  const booking = useCounterBooking(id, language);
  const [handedOver, setHandedOver] = useState<CounterBooking | null>(null);
  if (booking.isError) return <ScreenError error={booking.error} title={t('operatorCounter.checkOut.titleShort')} />;
  if (!booking.data) return <PageLoading />;
  const data = booking.data;
  return (
    <Page title={t('operatorCounter.checkOut.title', { reference: data.reference })}>
      <div className="counter">
        <BookingHeader booking={data} />
        {handedOver ? (
          <HandedOver booking={handedOver} />
        ) : data.actions.includes('checkOut') ? (
          <CheckOutForm booking={data} onDone={setHandedOver} />
        ) : (
          <NotNow booking={data} />
        )}
        {data.actions.includes('recordDeposit') ? <DeskDeposit booking={data} /> : null}
        {data.actions.includes('noShow') && !handedOver ? <NoShowButton booking={data} /> : null}
        <div className="op-section">
          <BookingTimeline timeline={data.timeline} timeZone={data.pickupLocation.timeZone} />
        </div>
      </div>
    </Page>
  );
}

/** Why the car cannot be handed over now, and where to go instead. */
function NotNow({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (booking.status === 'on_rent' || booking.status === 'returned' || booking.status === 'closed')
    return (
      <p className="form-message form-message--info">
        {t('operatorCounter.checkOut.alreadyOut')}{' '}
        <Link to={`/operator/bookings/${booking._id}/return`}>{t('operatorCounter.return.open')}</Link>
      </p>
    );
  if (canTransition('checkOut', booking.status))
    return (
      <p className="form-message form-message--info">
        {t('operatorCounter.checkOut.opensAt', {
          at: formatInZone(booking.checkOutOpensAt, booking.pickupLocation.timeZone, language),
        })}
      </p>
    );
  return <p className="form-message form-message--info">{t('operatorCounter.checkOut.notConfirmed')}</p>;
}

/** Done: the car is on rent; the signed agreement went to the customer. */
function HandedOver({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const note = useRef<HTMLDivElement>(null);
  useEffect(() => note.current?.focus(), []);
  const agreement = booking.documents.filter((document) => document.kind === 'agreement').at(-1);
  return (
    <div ref={note} className="op-section counter-done" role="status" tabIndex={-1}>
      <p className="counter-done__title">{t('operatorCounter.checkOut.done', { car: booking.car.name })}</p>
      {agreement ? (
        <p>
          {/* A walk-in customer who gave no e-mail address is sent nothing (contract walk-in.ts). */}
          {isReachableEmail(booking.driver.email)
            ? `${t('operatorCounter.agreement.sent', { email: booking.driver.email })} `
            : null}
          <a href={agreement.url} target="_blank" rel="noreferrer">
            {t('operatorCounter.agreement.signed', { version: agreement.version })}
          </a>
        </p>
      ) : null}
      <div className="counter-actions">
        <Link className="button" to="/operator/dashboard">
          {t('operatorCounter.backToDashboard')}
        </Link>
        <Link className="button button--secondary" to={`/operator/bookings/${booking._id}/return`}>
          {t('operatorCounter.return.open')}
        </Link>
      </div>
    </div>
  );
}
