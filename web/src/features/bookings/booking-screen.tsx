import type { Booking } from '@roam/contract/bookings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../i18n';
import { formatDay, formatInZone } from '../../i18n/formats';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { toast } from '../../ui/toast';
import { useBooking, useCancelBooking } from './api/bookings';
import { BookingDocuments } from './components/booking-documents';
import { BookingEditor } from './components/booking-editor';
import '../../ui/panel.css';
import './bookings.css';

/** One booking (spec §2 /booking?b=…): view, edit what the server allows, cancel. */
export function BookingScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bookingId = params.get('b');
  const { user, isLoading } = useSession();
  const language = useLanguage();
  const booking = useBooking(user ? bookingId : null, language);

  if (isLoading) return <PageLoading />;
  if (!user) {
    const back = `/booking${bookingId ? `?b=${bookingId}` : ''}`;
    return <Navigate to={`/sign-in?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (!bookingId || booking.isError) {
    return (
      <Page title={t('bookings.detail.title')}>
        <p role="alert">{t('bookings.detail.notFound')}</p>
        <Link className="button" to="/bookings">
          {t('bookings.detail.back')}
        </Link>
      </Page>
    );
  }
  if (!booking.data) return <PageLoading />;
  return (
    <Page title={t('bookings.detail.title')}>
      <BookingView
        key={booking.data._id + booking.data.status}
        booking={booking.data}
        operator={user.type !== 'user'}
        startEditing={params.get('edit') === '1'}
      />
    </Page>
  );
}

function BookingView({
  booking,
  operator,
  startEditing,
}: {
  booking: Booking;
  operator: boolean;
  startEditing: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const cancel = useCancelBooking(language);
  const canEdit = booking.editable || operator;
  const [editing, setEditing] = useState(startEditing && canEdit);
  const when = (iso: string, zone: string) => formatInZone(iso, zone, language);
  const extras = Object.entries(booking.extras)
    .filter(([, on]) => on)
    .map(([extra]) => extra);

  const onCancel = async () => {
    if (!window.confirm(t('bookings.confirmCancel', { car: booking.car.name }))) return;
    try {
      const next = await cancel.mutateAsync(booking._id);
      toast.success(next.status === 'cancelled' ? t('bookings.cancelled') : t('bookings.cancelRequested'));
    } catch {
      toast.error(t('bookings.errors.generic'));
    }
  };

  const rows: [string, string][] = [
    // The vehicle's own type as the term: a Vespa is a scooter, not a car (issue #22 item 14).
    [t(`cars.range.${booking.car.range}`), booking.car.name],
    [t('bookings.column.supplier'), booking.supplier.name],
    [t('checkout.details.pickupLocation'), booking.pickupLocation.name],
    [t('checkout.details.dropoffLocation'), booking.dropoffLocation.name],
    [t('checkout.details.pickupAt'), when(booking.pickupAt, booking.pickupTimeZone)],
    [t('checkout.details.dropoffAt'), when(booking.dropoffAt, booking.dropoffTimeZone)],
    [t('checkout.details.days'), t('checkout.details.dayCount', { count: booking.days })],
    [
      t('bookings.detail.extras'),
      extras.length > 0
        ? extras.map((extra) => t(`cars.extra.${extra as 'cancellation'}`)).join(', ')
        : t('bookings.detail.none'),
    ],
    [t('checkout.price.total'), money.format(booking.price)],
    [t('checkout.payment.title'), t(`checkout.payment.${booking.paymentOption}.label`)],
    [t('checkout.price.payNow'), money.format(booking.payNow)],
    [t('checkout.price.payAtPickup'), money.format(booking.payAtPickup)],
    [
      t('bookings.column.status'),
      t(`bookings.status.${booking.status}`) +
        (booking.cancelRequest && booking.status !== 'cancelled' ? ` — ${t('bookings.cancelPending')}` : ''),
    ],
    [t('bookings.column.driver'), booking.driver.name],
  ];
  if (booking.additionalDriverDetails) {
    const a = booking.additionalDriverDetails;
    rows.push([
      t('checkout.additionalDriver.title'),
      `${a.fullName} · ${a.email} · ${a.phone} · ${formatDay(a.birthDate, language)}`,
    ]);
  }

  return (
    <div className="booking">
      <section className="checkout-section">
        <div className="checkout-car">
          {booking.car.image ? (
            <img src={booking.car.image} alt="" width={240} height={160} className="checkout-car__image" />
          ) : null}
          <p className="checkout-car__name">{booking.car.name}</p>
        </div>
        <dl className="checkout-summary">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="booking__actions">
          {canEdit && !editing ? (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {t('bookings.action.edit')}
            </button>
          ) : null}
          {booking.status !== 'cancelled' && !booking.cancelRequest ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void onCancel()}
              disabled={cancel.isPending}
            >
              {t('bookings.action.cancel')}
            </button>
          ) : null}
          <Link className="button button--secondary" to="/bookings">
            {t('bookings.detail.back')}
          </Link>
        </div>
        {booking.status !== 'void' ? <BookingDocuments bookingId={booking._id} /> : null}
      </section>
      {editing ? <BookingEditor booking={booking} operator={operator} onDone={() => setEditing(false)} /> : null}
    </div>
  );
}
