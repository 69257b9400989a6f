import type { CarDetails } from '@roam/contract/cars';
import type { CheckoutResult } from '@roam/contract/checkout';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { formatInZone } from '../../../i18n/formats';
import { useSettings } from '../../../lib/settings';
import { useMoney } from '../../../lib/use-money';
import { Page } from '../../../ui/page';
import { CardForm } from './card-form';
import { WalletButton } from './wallet-button';

interface PayStepProps {
  /** The booking just made, waiting for its payment. */
  pending: CheckoutResult;
  car: CarDetails;
  /** The pick-up location's zone, in which the hold's end is shown. */
  timeZone: string;
  onPaid: () => void;
  onFailed: (code: string) => void;
}

/** The checkout's second step (spec §2): the amount due now, then the card form, the provider's page or the wallet. */
export function PayStep({ pending, car, timeZone, onPaid, onFailed }: PayStepProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoney();
  const settings = useSettings();
  const id = useId();
  const payNow = money.format(pending.payNow);
  const clientId = settings.payment.paypalClientId;
  // The step replaces the form at the same address: like a new screen (root-layout), it starts from the top, with
  // the focus on the main region instead of lost on the page when the pressed button went away.
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, []);
  return (
    <Page title={t('checkout.pay.title')} description={t('checkout.pay.description')}>
      <section className="checkout-section" aria-labelledby={`${id}-pay`}>
        <h2 id={`${id}-pay`} className="checkout-section__title">
          {t('checkout.pay.amount', { amount: payNow })}
        </h2>
        {pending.holdExpiresAt ? (
          <p>{t('checkout.pay.hold', { time: formatInZone(pending.holdExpiresAt, timeZone, language) })}</p>
        ) : null}
        {pending.payment?.provider === 'demo' ? (
          <CardForm bookingId={pending.bookingId} amount={payNow} onPaid={onPaid} onFailed={onFailed} />
        ) : null}
        {pending.payment?.provider === 'stripe' ? (
          <a className="button button--accent" href={pending.payment.url}>
            {t('checkout.pay.card')}
          </a>
        ) : null}
        {pending.walletEnabled && settings.payment.wallet && clientId ? (
          <WalletButton
            sdkUrl={settings.payment.paypalSdkUrl}
            clientId={clientId}
            bookingId={pending.bookingId}
            amount={pending.chargedAmount / 100}
            currency={pending.currency}
            name={car.name}
            description={`${car.name} — ${car.supplier.fullName}`}
            onPaid={onPaid}
            onFailed={onFailed}
          />
        ) : null}
      </section>
    </Page>
  );
}
