import type { AmendmentPayment } from '@roam/contract/amendments';
import type { PaymentResult } from '@roam/contract/checkout';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { useSettings } from '#web/lib/settings';
import { CardForm } from '#web/ui/card-form';
import { toast } from '#web/ui/toast';
import { WalletButton } from '#web/ui/wallet-button';
import { checkChangeWalletOrder, createChangeWalletOrder, payChangeByDemoCard } from '../api/change-payment';

/**
 * What is paid, in its own words: a dearer change's difference, what an operator's change made due, a returned
 * rental's balance (the charges at the return in it), a no-show's fee. The balance's words are in the payment area,
 * loaded with this component: the booking pages' first paint does not carry them.
 */
const WORDS = {
  change: {
    title: 'bookings.amend.payTitle',
    note: 'bookings.amend.payNote',
    paid: 'bookings.amend.changed',
    notMade: 'bookings.amend.notMade',
  },
  due: {
    title: 'bookings.due.payTitle',
    note: 'bookings.due.payNote',
    paid: 'bookings.due.paid',
    notMade: 'bookings.due.notMade',
  },
  balance: {
    title: 'payment.balance.title',
    note: 'payment.balance.note',
    paid: 'bookings.due.paid',
    notMade: 'payment.balance.notMade',
  },
  noShow: {
    title: 'payment.balance.title',
    note: 'payment.balance.noShowNote',
    paid: 'bookings.due.paid',
    notMade: 'payment.balance.notMade',
  },
} as const;
export type Paying = keyof typeof WORDS;

/**
 * Paying the difference of a dearer change through the booking's own gateway: the demo card, the
 * card provider's page (it comes back to this booking: change-session-result.tsx) or the wallet. The booking keeps
 * its terms until the difference is paid; a change the car can no longer take is refunded (the form says so). Shown
 * under the change's form (an edit there drops it: the change is priced again); loaded with its strings only when a
 * driver confirms a dearer change.
 */
export function ChangePayment({
  bookingId,
  payment,
  paying = 'change',
  onDone,
  onStopped,
}: {
  bookingId: string;
  payment: AmendmentPayment;
  /** What is paid (`WORDS`): each in its own words. */
  paying?: Paying;
  /** The difference is paid and the change made. */
  onDone: () => void;
  /**
   * The payment ended without the change: paid, but the change could no longer be made (refunded), or not paid within
   * its window. The change's form says which, and may price it again; `notMade` is what was paid's own words for it.
   */
  onStopped: (why: 'notMade' | 'expired', notMade: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const amount = formatMinor(payment.amount.amount, payment.amount.currency, language);
  const { amendmentId } = payment;
  const clientId = settings.payment.paypalClientId;

  // The form's button went away: the focus goes to what replaced it, not lost on the page.
  useEffect(() => title.current?.focus(), []);

  const onPaid = async (result: PaymentResult) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['booking'] }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
    ]);
    if (result.payment === 'refund') return onStopped('notMade', t(WORDS[paying].notMade));
    toast.success(t(WORDS[paying].paid));
    onDone();
  };
  const onFailed = (code: string) => {
    if (code === 'CONFLICT') return onStopped('expired', t(WORDS[paying].notMade));
    setProblem(
      code === 'PAYMENT_FAILED'
        ? t('checkout.paymentFailed')
        : code === 'CAR_UNAVAILABLE'
          ? t('bookings.errors.unavailable')
          : t('bookings.errors.generic'),
    );
  };

  return (
    <section className="checkout-section change-payment" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={title} tabIndex={-1} className="checkout-section__subtitle">
        {t(WORDS[paying].title, { amount })}
      </h3>
      <p>{t(WORDS[paying].note)}</p>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {payment.payment?.provider === 'demo' ? (
        <CardForm
          pay={(card) => payChangeByDemoCard(bookingId, amendmentId, card)}
          amount={amount}
          onPaid={(result) => void onPaid(result)}
          onFailed={onFailed}
        />
      ) : null}
      {payment.payment?.provider === 'stripe' ? (
        <a className="button button--accent" href={payment.payment.url}>
          {t('payment.pay.card')}
        </a>
      ) : null}
      {payment.payment === null && settings.payment.wallet && clientId ? (
        <WalletButton
          key={amendmentId}
          sdkUrl={settings.payment.paypalSdkUrl}
          clientId={clientId}
          currency={payment.amount.currency}
          createOrder={() => createChangeWalletOrder(bookingId, amendmentId)}
          checkOrder={(orderId) => checkChangeWalletOrder(bookingId, amendmentId, orderId)}
          onPaid={(result) => void onPaid(result)}
          onFailed={onFailed}
        />
      ) : null}
    </section>
  );
}
