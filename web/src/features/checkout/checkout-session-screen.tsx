import type { PaymentResult } from '@roam/contract/checkout';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { Page } from '../../ui/page';
import { PageLoading } from '../../ui/page-loading';
import { toast } from '../../ui/toast';
import './checkout.css';

type Outcome = { outcome: 'booked' | 'paid'; accountCreated?: boolean };

function isOutcome(state: unknown): state is Outcome {
  return typeof state === 'object' && state !== null && 'outcome' in state;
}

/**
 * `/checkout-session/:sessionId` (spec §2): the payment result. Coming from our own checkout (pay later, demo card,
 * wallet) the result is known; otherwise (back from the card provider, or a reload) the server answers for the
 * session or booking id.
 */
export function CheckoutSessionScreen() {
  const { sessionId = '' } = useParams();
  const location = useLocation();
  const known = isOutcome(location.state) ? location.state : null;
  const returnCheck = !known && sessionId.length > 0;
  const check = useQuery({
    queryKey: ['checkout-session', sessionId],
    // An unknown or failed session is an answer this screen shows, not an error to report.
    queryFn: async ({ signal }): Promise<{ result: PaymentResult | null; code: string | null }> => {
      try {
        const result = await api.get<PaymentResult>(`/api/checkout-session/${encodeURIComponent(sessionId)}`, {
          signal,
        });
        return { result, code: null };
      } catch (error) {
        if (!isApiError(error)) throw error;
        return { result: null, code: error.code };
      }
    },
    enabled: returnCheck,
    retry: false,
  });
  const failed = check.data?.code === 'PAYMENT_FAILED' || check.data?.result?.payment === 'failed';
  const { t } = useTranslation();

  useEffect(() => {
    if (failed) toast.error(t('checkout.paymentFailed'));
  }, [failed, t]);

  if (known) return <Success outcome={known} />;
  if (returnCheck && check.isPending) return <PageLoading />;
  const payment = check.data?.result?.payment;
  if (payment === 'paid' || payment === 'booked') return <Success outcome={{ outcome: payment }} />;
  return (
    <Page title={t('checkout.session.title')}>
      <p role="alert" className="checkout-result checkout-result--error">
        {t('checkout.session.error')}
      </p>
      <Link className="button" to="/search">
        {t('checkout.backToSearch')}
      </Link>
    </Page>
  );
}

function Success({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Page title={t('checkout.session.congratulations')}>
      <div className="checkout-result" role="status">
        <p>{outcome.outcome === 'paid' ? t('checkout.session.paid') : t('checkout.session.booked')}</p>
        <p>{t('checkout.session.emailSent')}</p>
        {outcome.accountCreated ? <p>{t('checkout.session.accountCreated')}</p> : null}
      </div>
      <p className="checkout-result__links">
        {user ? (
          <Link className="button button--accent" to="/bookings">
            {t('checkout.session.myBookings')}
          </Link>
        ) : null}
        <Link className="button" to="/">
          {t('checkout.session.home')}
        </Link>
      </p>
    </Page>
  );
}
