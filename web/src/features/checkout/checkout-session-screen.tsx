import type { PaymentOutcome } from '@roam/contract/checkout';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useLanguage } from '#web/i18n';
import { isApiError } from '#web/lib/api-client';
import { useSession } from '#web/lib/session';
import { BookingSummaryView } from '#web/ui/booking-summary';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { paymentOutcome } from './api/booking-payment';
import './checkout.css';

type Arrival = { accountCreated?: boolean };

/**
 * `/checkout-session/:sessionId` (spec §2): the payment result, as the server answers it for the booking or the card
 * provider's session — one outcome, one message — with the booking's confirmation: its reference,
 * places, times and amounts, the same as the payment step and the e-mail show, and the pick-up checklist (item 10).
 */
export function CheckoutSessionScreen() {
  const { sessionId = '' } = useParams();
  const location = useLocation();
  const arrival = (location.state ?? {}) as Arrival;
  const language = useLanguage();
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['checkout-session', sessionId, language],
    // An unknown or failed session is an answer this screen shows, not an error to report.
    queryFn: async ({ signal }): Promise<{ outcome: PaymentOutcome | null; code: string | null }> => {
      try {
        return { outcome: await paymentOutcome(sessionId, language, signal), code: null };
      } catch (error) {
        if (!isApiError(error)) throw error;
        return { outcome: null, code: error.code };
      }
    },
    enabled: sessionId.length > 0,
    retry: false,
  });

  if (check.isPending && sessionId.length > 0) return <PageLoading />;
  const outcome = check.data?.outcome;
  if (outcome && (outcome.payment === 'paid' || outcome.payment === 'booked')) {
    return <Success outcome={outcome} accountCreated={Boolean(arrival.accountCreated)} />;
  }
  if (outcome?.payment === 'open') {
    return (
      <Page title={t('payment.session.title')}>
        <p className="checkout-result" role="status">
          {t('payment.session.open')}
        </p>
        <p className="checkout-result__links">
          <Link className="button button--accent" to={`/checkout?booking=${outcome.bookingId}`}>
            {t('payment.session.payNow')}
          </Link>
        </p>
        <BookingSummaryView summary={outcome.summary} />
      </Page>
    );
  }
  const failed = check.data?.code === 'PAYMENT_FAILED' || outcome?.payment === 'failed';
  return (
    <Page title={t('payment.session.title')}>
      <p role="alert" className="checkout-result checkout-result--error">
        {outcome?.payment === 'refund'
          ? t('payment.session.refund')
          : failed
            ? t('checkout.paymentFailed')
            : t('payment.session.error')}
      </p>
      <Link className="button" to="/search">
        {t('checkout.backToSearch')}
      </Link>
    </Page>
  );
}

function Success({ outcome, accountCreated }: { outcome: PaymentOutcome; accountCreated: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Page title={t('payment.session.congratulations')}>
      <div className="checkout-result" role="status">
        <p>{outcome.payment === 'paid' ? t('payment.session.paid') : t('payment.session.booked')}</p>
        <p>{t('payment.session.emailSent')}</p>
        {accountCreated ? <p>{t('payment.session.accountCreated')}</p> : null}
      </div>
      <BookingSummaryView summary={outcome.summary} checklist />
      <p className="checkout-result__links">
        {user ? (
          <Link className="button button--accent" to="/bookings">
            {t('payment.session.myBookings')}
          </Link>
        ) : null}
        <Link className="button" to="/">
          {t('payment.session.home')}
        </Link>
      </p>
    </Page>
  );
}
