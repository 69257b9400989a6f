import type { Booking, UpdateBookingBody } from '@roam/contract/bookings';
import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/enums';
import type { ChosenExtras } from '@roam/contract/price';
import { rentalPeriodIssueOf } from '@roam/contract/rental-period-messages';
import { instantToZoned, zonedToInstant } from '@roam/contract/time';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../i18n';
import { formatInZone } from '../../i18n/formats';
import { isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useMoney } from '../../lib/use-money';
import { ExtrasToggles } from '../../ui/extras-toggles';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { toast } from '../../ui/toast';
import { useCar } from '../cars/api/get-car';
import { useBooking, useCancelBooking, useUpdateBooking } from './api/bookings';
import '../../ui/form-field.css';
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
    [t('bookings.column.car'), booking.car.name],
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
    rows.push([t('checkout.additionalDriver.title'), `${a.fullName} · ${a.email} · ${a.phone} · ${a.birthDate}`]);
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
      </section>
      {editing ? <BookingEditor booking={booking} operator={operator} onDone={() => setEditing(false)} /> : null}
    </div>
  );
}

function BookingEditor({ booking, operator, onDone }: { booking: Booking; operator: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const car = useCar(booking.car._id);
  const update = useUpdateBooking(language);
  const pickup = instantToZoned(new Date(booking.pickupAt), booking.pickupTimeZone);
  const dropoff = instantToZoned(new Date(booking.dropoffAt), booking.dropoffTimeZone);
  const [form, setForm] = useState({
    pickupDate: pickup.date,
    pickupTime: pickup.time,
    dropoffDate: dropoff.date,
    dropoffTime: dropoff.time,
  });
  const [extras, setExtras] = useState<ChosenExtras>(booking.extras);
  const [status, setStatus] = useState<BookingStatus>(booking.status);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const pickupAt = zonedToInstant({ date: form.pickupDate, time: form.pickupTime }, booking.pickupTimeZone);
    const dropoffAt = zonedToInstant({ date: form.dropoffDate, time: form.dropoffTime }, booking.dropoffTimeZone);
    if (Number.isNaN(pickupAt.getTime())) return setError(t('bookings.errors.pickup'));
    if (Number.isNaN(dropoffAt.getTime()) || dropoffAt <= pickupAt) return setError(t('bookings.errors.dropoff'));
    const body: UpdateBookingBody = {};
    if (booking.editable || operator) {
      body.pickupAt = pickupAt.toISOString();
      body.dropoffAt = dropoffAt.toISOString();
      body.extras = extras;
    }
    if (operator && status !== booking.status) body.status = status;
    try {
      await update.mutateAsync({ id: booking._id, body });
      toast.success(t('bookings.updated'));
      onDone();
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'CAR_UNAVAILABLE') setError(t('bookings.errors.unavailable'));
      else if (isApiError(caught) && caught.code === 'FORBIDDEN') setError(t('bookings.errors.forbidden'));
      else if (isApiError(caught) && caught.code === 'VALIDATION_FAILED') {
        // The server's spec §5 date message (a past pick-up, too short…), translated; else the generic one.
        const issues = Object.values(caught.fieldErrors).flatMap((messages) => rentalPeriodIssueOf(messages[0]) ?? []);
        setError(
          issues.length > 0
            ? issues.map((issue) => t(`search.form.errors.${issue}`)).join(' ')
            : t('bookings.errors.invalid'),
        );
      } else setError(t('bookings.errors.generic'));
    }
  };

  const dateField = (name: keyof typeof form, type: 'date' | 'time') => (
    <div className="form-field">
      <label htmlFor={`${id}-${name}`}>{t(`bookings.edit.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        className="text-field"
        type={type}
        value={form[name]}
        required
        disabled={!booking.editable && !operator}
        onChange={(event) => setForm((current) => ({ ...current, [name]: event.target.value }))}
      />
    </div>
  );

  return (
    <form className="checkout-section booking-editor" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="checkout-section__title">
        {t('bookings.edit.title')}
      </h2>
      {!booking.editable && !operator ? <p className="checkout-hint">{t('bookings.edit.locked')}</p> : null}
      <div className="form-grid">
        {dateField('pickupDate', 'date')}
        {dateField('pickupTime', 'time')}
        {dateField('dropoffDate', 'date')}
        {dateField('dropoffTime', 'time')}
      </div>
      {car.data ? (
        <ExtrasToggles car={car.data} value={extras} onChange={setExtras} disabled={!booking.editable && !operator} />
      ) : null}
      {operator ? (
        <div className="form-field">
          <label htmlFor={`${id}-status`}>{t('bookings.column.status')}</label>
          <select
            id={`${id}-status`}
            className="text-field"
            value={status}
            onChange={(event) => setStatus(event.target.value as BookingStatus)}
          >
            {BOOKING_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`bookings.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="booking__actions">
        <button type="submit" className="button button--accent" disabled={update.isPending}>
          {t('bookings.edit.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('bookings.edit.cancel')}
        </button>
      </div>
    </form>
  );
}
