import type { PaymentResult, PendingPayment } from '@roam/contract/checkout';
import { formatMinor } from '@roam/contract/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useLanguage } from '#web/i18n';
import { formatInZone } from '#web/i18n/formats';
import { isApiError } from '#web/lib/api-client';
import { useSettings } from '#web/lib/settings';
import { BookingSummaryView } from '#web/ui/booking-summary';
import { CardForm } from '#web/ui/card-form';
import { Page } from '#web/ui/page';
import { PageLoading } from '#web/ui/page-loading';
import { WalletButton } from '#web/ui/wallet-button';
import { checkWalletOrder, createWalletOrder, payByDemoCard, pendingPaymentQuery } from '../api/booking-payment';
import type { BackFromPayment } from '../lib/back-from-payment';

/**
 * The checkout's second step (spec §2) at `/checkout?…&booking=<id>`: the booking just made — or found again after a
 * reload, or from "pay now" in the bookings list — with its summary, the amount due now in
 * the booking's own currency as fixed at checkout (item 3), then the card form, the provider's page or the wallet.
 */
export function PayStep({ bookingId }: { bookingId: string }) {
  const language = useLanguage();
  const location = useLocation();
  const answer = (location.state as { pending?: PendingPayment } | null)?.pending;
  const pending = useQuery(pendingPaymentQuery(bookingId, language, answer));
  if (pending.isError) return <NotPayable bookingId={bookingId} error={pending.error} />;
  if (pending.data) return <PayBooking pending={pending.data} />;
  return <PageLoading />;
}

function NotPayable({ bookingId, error }: { bookingId: string; error: unknown }) {
  const location = useLocation();
  // Not payable (any more): paid meanwhile, released, or its hold lapsed. The result page tells which; a lapsed hold
  // goes back to the form, whose choices the address kept.
  const code = isApiError(error) ? error.code : null;
  if (code === 'CAR_UNAVAILABLE') return <BackToForm reason={{ holdLapsed: true }} />;
  const { accountCreated } = (location.state ?? {}) as { accountCreated?: boolean };
  return <Navigate to={`/checkout-session/${bookingId}`} state={{ accountCreated }} replace />;
}

/** The form again, at the address the step came from (its `booking` left out), saying why. */
function BackToForm({ reason }: { reason: BackFromPayment }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('booking');
  return <Navigate to={{ search: `?${params}` }} state={reason} replace />;
}

function PayBooking({ pending }: { pending: PendingPayment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useSettings();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [declined, setDeclined] = useState<BackFromPayment | null>(null);
  const [problem, setProblem] = useState(false);
  const { summary, bookingId } = pending;
  const { amounts } = summary;
  // What the gateway charges, in the booking's currency — whatever the display currency is now.
  const payNow = formatMinor(amounts.payNow, amounts.currency, language);
  const clientId = settings.payment.paypalClientId;
  // The step replaces the form at the same address: like a new screen (root-layout), it starts from the top, with
  // the focus on the main region instead of lost on the page when the pressed button went away.
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  if (declined) return <BackToForm reason={declined} />;

  // One outcome, one message: the result page says it, nothing here says otherwise after.
  const onPaid = (_result: PaymentResult) => {
    const { accountCreated } = (location.state ?? {}) as { accountCreated?: boolean };
    void navigate(`/checkout-session/${bookingId}`, { state: { accountCreated }, replace: true });
  };
  const onFailed = (code: string) => {
    // A declined card releases the car: the booking must be made again, from the form with its choices.
    if (code === 'PAYMENT_FAILED') setDeclined({ paymentFailed: true });
    else if (code === 'CAR_UNAVAILABLE') setDeclined({ carTaken: true });
    else setProblem(true);
  };
  return (
    <Page title={t('payment.pay.title')} description={t('payment.pay.description')}>
      <div className="checkout">
        <div className="checkout__main">
          <section className="checkout-section" aria-labelledby={`${id}-pay`}>
            <h2 id={`${id}-pay`} className="checkout-section__title">
              {t('payment.pay.amount', { amount: payNow })}
            </h2>
            {pending.holdExpiresAt ? (
              <p>
                {t('payment.pay.hold', {
                  time: formatInZone(pending.holdExpiresAt, summary.pickupLocation.timeZone, language),
                })}
              </p>
            ) : null}
            {problem ? (
              <p className="field-error" role="alert">
                {t('checkout.errors.generic')}
              </p>
            ) : null}
            {pending.payment?.provider === 'demo' ? (
              <CardForm
                pay={(card) => payByDemoCard(bookingId, card)}
                amount={payNow}
                onPaid={onPaid}
                onFailed={onFailed}
              />
            ) : null}
            {pending.payment?.provider === 'stripe' ? (
              <a className="button button--accent" href={pending.payment.url}>
                {t('payment.pay.card')}
              </a>
            ) : null}
            {pending.walletEnabled && settings.payment.wallet && clientId ? (
              <WalletButton
                key={bookingId}
                sdkUrl={settings.payment.paypalSdkUrl}
                clientId={clientId}
                currency={amounts.currency}
                createOrder={() => createWalletOrder(pending)}
                checkOrder={(orderId) => checkWalletOrder(bookingId, orderId)}
                onPaid={onPaid}
                onFailed={onFailed}
              />
            ) : null}
          </section>
        </div>
        <BookingSummaryView summary={summary} checklist />
      </div>
    </Page>
  );
}
