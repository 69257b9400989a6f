import { bookingActions } from '@roam/contract/booking-actions';
import type { Booking } from '@roam/contract/bookings';
import type { User } from '@roam/contract/users';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { importWithStrings, useLanguage } from '#web/i18n';
import { formatDay } from '#web/i18n/formats';
import { isApiError } from '#web/lib/api-client';
import { useSession } from '#web/lib/session';
import { BookingSummaryView } from '#web/ui/booking-summary';
import { type Question, useConfirm } from '#web/ui/confirm';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { toast } from '#web/ui/toast';
import { useBooking, useCancelBooking, useDeleteBookings, useRefuseBooking, useReleaseBooking } from './api/bookings';
import { BookingDocuments } from './components/booking-documents';
import { BookingEditor } from './components/booking-editor';
import { BookingHours } from './components/booking-hours';
import { useCancelQuestion } from './components/cancel-question';
import { ChangeSessionResult } from './components/change-session-result';
import { DuePayment } from './components/due-payment';
import { dueWords } from './components/due-words';
import '#web/ui/panel.css';
import './bookings.css';

// The counter's part of the page — online check-in, the signed agreement and the condition report — loads only for a
// booking that reached the counter's statuses or may check in (docs/architecture.md §5 "After the booking").
const CounterPanel = lazy(() =>
  importWithStrings('features/bookings/components/counter-panel', () => import('./components/counter-panel')).then(
    (module) => ({ default: module.CounterPanel }),
  ),
);
const COUNTER_STATUSES: readonly Booking['status'][] = [
  'pending',
  'deposit',
  'paid',
  'reserved',
  'on_rent',
  'returned',
  'closed',
  'no_show',
];

/**
 * One booking (spec §2 /booking?b=…): view, edit what the server allows, cancel; `&session=` back from paying a
 * change's difference on the card provider's page.
 */
export function BookingScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bookingId = params.get('b');
  const { user, isLoading } = useSession();
  const language = useLanguage();
  // Without a session the browser may still hold a manage link's grant to this booking.
  const booking = useBooking(isLoading ? null : bookingId, language);

  if (isLoading) return <PageLoading />;
  const refused = booking.error && isApiError(booking.error) && booking.error.status === 401;
  if (!user && (!bookingId || refused)) {
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
  const changeSession = params.get('session');
  return (
    <Page title={t('bookings.detail.title')}>
      {changeSession ? <ChangeSessionResult sessionId={changeSession} /> : null}
      <BookingView
        key={booking.data._id + booking.data.status}
        booking={booking.data}
        // A guest with the grant acts as the booking's driver, on this booking only.
        viewer={user ?? { _id: booking.data.driver._id, type: 'user' }}
        guest={!user}
        startEditing={params.get('edit') === '1'}
        startCheckIn={params.get('checkIn') === '1'}
      />
    </Page>
  );
}

/**
 * The booking's confirmation (the same summary as the result page and the e-mail, in the
 * booking's own currency), what else it holds, and only the actions the server would take (item 9), each asked in
 * the app's own dialog (item 17).
 */
function BookingView({
  booking,
  viewer,
  guest,
  startEditing,
  startCheckIn,
}: {
  booking: Booking;
  viewer: Pick<User, '_id' | 'type'>;
  guest: boolean;
  startEditing: boolean;
  startCheckIn: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const cancel = useCancelBooking(language);
  const remove = useDeleteBookings();
  const release = useReleaseBooking();
  const refuse = useRefuseBooking(language);
  const confirmation = useConfirm();
  const cancelQuestion = useCancelQuestion();
  const operator = viewer.type !== 'user';
  // A guest's grant reads, changes, pays and cancels this booking only (paying: the
  // operator's payment link): the other actions need an account.
  const actions = bookingActions(
    { ...booking, driverId: booking.driver._id, supplierId: booking.supplier._id },
    { id: viewer._id, type: viewer.type },
    new Date(),
  ).filter((action) => !guest || ['view', 'edit', 'pay', 'cancel', 'refuse', 'payDue'].includes(action));
  const [editing, setEditing] = useState(startEditing && actions.includes('edit'));
  // The editor closed (done or discarded): the focus goes back to the Edit button it replaced, not lost on the page.
  const editButton = useRef<HTMLButtonElement>(null);
  const [editorClosed, setEditorClosed] = useState(false);
  useEffect(() => {
    if (editorClosed && !editing) editButton.current?.focus();
  }, [editorClosed, editing]);
  const dueKey = dueWords(booking.status);
  const extras = Object.entries(booking.extras)
    .filter(([, on]) => on)
    .map(([extra]) => extra);

  const askThen = async (question: Question, run: () => Promise<unknown>) => {
    if (!(await confirmation.ask(question))) return;
    try {
      await run();
    } catch {
      toast.error(t('bookings.errors.generic'));
    }
  };
  const ask = (title: string, confirmLabel: string, run: () => Promise<unknown>) =>
    askThen({ title, confirmLabel, dismissLabel: t('bookings.confirm.keep') }, run);
  const onCancel = async () => {
    const question = await cancelQuestion(booking, operator);
    if (!question) return toast.error(t('bookings.errors.generic'));
    await askThen(question, async () => {
      const next = await cancel.mutateAsync(booking._id);
      toast.success(next.status === 'cancelled' ? t('bookings.cancelled') : t('bookings.cancelRequested'));
      // The booking is shown again in its new state (and the Cancel button may be gone): the focus goes to the page's
      // main region, as after the payment step, not lost on the page.
      document.getElementById('main')?.focus();
    });
  };
  const onDelete = () =>
    ask(t('bookings.confirmDelete', { count: 1 }), t('bookings.confirm.delete'), async () => {
      await remove.mutateAsync([booking._id]);
      toast.success(t('bookings.deleted', { count: 1 }));
      await navigate('/bookings');
    });
  const onRelease = () =>
    ask(t('bookings.confirmRelease', { car: booking.car.name }), t('bookings.confirm.release'), async () => {
      await release.mutateAsync(booking._id);
      toast.success(t('bookings.released'));
      await navigate('/bookings');
    });

  // A booking made in the driver's name at the desk: refused, it leaves their list (a guest's link has no list).
  const onRefuse = () =>
    ask(t('bookings.confirmRefuse', { car: booking.car.name }), t('bookings.confirm.refuse'), async () => {
      await refuse.mutateAsync(booking._id);
      toast.success(t('bookings.refused'));
      await navigate(guest ? '/' : '/bookings');
    });

  const rows: [string, string][] = [
    [
      t('bookings.detail.extras'),
      extras.length > 0
        ? extras.map((extra) => t(`cars.extra.${extra as 'cancellation'}`)).join(', ')
        : t('bookings.detail.none'),
    ],
    [t('checkout.payment.title'), t(`checkout.payment.${booking.paymentOption}.label`)],
    [t('bookings.column.driver'), booking.driver.name],
  ];
  if (booking.cancelRequest && booking.status !== 'cancelled') {
    rows.push([t('bookings.column.status'), t('bookings.cancelPending')]);
  }
  if (booking.additionalDriverDetails) {
    const a = booking.additionalDriverDetails;
    rows.push([
      t('checkout.additionalDriver.title'),
      `${a.fullName} · ${a.email} · ${a.phone} · ${formatDay(a.birthDate, language)}`,
    ]);
  }

  return (
    <div className="booking">
      {confirmation.dialog}
      {/* The pick-up checklist only for a booking still to be picked up; after it, the balance in its own words. */}
      <BookingSummaryView
        summary={booking}
        checklist={booking.status !== 'cancelled' && !dueWords(booking.status)}
        due={dueKey ? t(dueKey) : undefined}
        deposit={booking.status === 'closed' ? t('checkIn.balance.depositSettled') : undefined}
      />
      <section className="checkout-section">
        <dl className="checkout-summary">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {actions.includes('refuse') ? (
          <p className="booking__guest">{t('bookings.detail.atDesk', { supplier: booking.supplier.name })}</p>
        ) : null}
        <div className="booking__actions">
          {actions.includes('pay') ? (
            <Link className="button button--accent" to={`/checkout?booking=${booking._id}`}>
              {t('bookings.action.pay')}
            </Link>
          ) : null}
          {actions.includes('release') ? (
            <button type="button" className="button button--secondary" onClick={() => void onRelease()}>
              {t('bookings.action.release')}
            </button>
          ) : null}
          {actions.includes('edit') && !editing ? (
            <button ref={editButton} type="button" className="button" onClick={() => setEditing(true)}>
              {t('bookings.action.edit')}
            </button>
          ) : null}
          {actions.includes('cancel') ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void onCancel()}
              disabled={cancel.isPending}
            >
              {t('bookings.action.cancel')}
            </button>
          ) : null}
          {actions.includes('refuse') ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void onRefuse()}
              disabled={refuse.isPending}
            >
              {t('bookings.action.refuse')}
            </button>
          ) : null}
          {actions.includes('delete') ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void onDelete()}
              disabled={remove.isPending}
            >
              {t('bookings.action.delete')}
            </button>
          ) : null}
          {guest ? null : (
            <Link className="button button--secondary" to="/bookings">
              {t('bookings.detail.back')}
            </Link>
          )}
        </div>
        {actions.includes('payDue') ? <DuePayment booking={booking} /> : null}
        {guest ? <p className="booking__guest">{t('bookings.detail.guest')}</p> : null}
        {booking.status !== 'void' ? (
          <BookingDocuments bookingId={booking._id} cancelled={booking.status === 'cancelled'} />
        ) : null}
      </section>
      {booking.status !== 'cancelled' ? <BookingHours booking={booking} /> : null}
      {COUNTER_STATUSES.includes(booking.status) ? (
        operator ? (
          <p>
            {/* The console is another page (docs/decisions/0004): a plain link loads it. */}
            <a className="button button--secondary" href={counterAddress(booking)}>
              {t('bookings.detail.atCounter')}
            </a>
          </p>
        ) : (
          <Suspense fallback={null}>
            <CounterPanel booking={booking} startCheckIn={startCheckIn} />
          </Suspense>
        )
      ) : null}
      {editing ? (
        <BookingEditor
          booking={booking}
          operator={operator}
          onDone={() => {
            setEditing(false);
            setEditorClosed(true);
          }}
        />
      ) : null}
    </div>
  );
}

/** The console's counter screen of the booking: the check-out until the car is out, then its return. */
const counterAddress = (booking: Booking) =>
  `/operator/bookings/${booking._id}/${['on_rent', 'returned', 'closed'].includes(booking.status) ? 'return' : 'check-out'}`;
