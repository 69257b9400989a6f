import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_REFUND_METHODS } from '@roam/contract/counter';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { toast } from '#web/ui/toast';
import { counterBookingChanged, refundAtDesk, sendBalanceLink } from '../api/counter-booking';
import { refusalText } from '../lib/counter-messages';
import { DeskMoneyForm } from './desk-money-form';

// The settlement's two other ends (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): the
// customer e-mailed a link to pay the balance online, and money paid at the desk beyond the balance handed back there —
// each offered only when the server's `actions` say so.

/** E-mails the customer a one-time link to pay the balance online (a returned rental's, a no-show's fee). */
export function BalanceLinkButton({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      counterBookingChanged(queryClient, await sendBalanceLink(booking._id, language), language);
      toast.success(t('operatorCounter.settlement.linkSent', { email: booking.driver.email }));
    } catch (error) {
      toast.error(refusalText(t, error));
    } finally {
      setPending(false);
    }
  };
  return (
    <button type="button" className="button" disabled={pending} onClick={() => void send()}>
      {t('operatorCounter.settlement.sendLink')}
    </button>
  );
}

/** Money handed back at the desk: the method and the amount (what can be handed back, unless less). */
export function DeskRefund({ booking, most }: { booking: CounterBooking; most: number }) {
  const { t } = useTranslation();
  return (
    <fieldset className="counter-later">
      <legend className="counter-subtitle">{t('operatorCounter.settlement.deskRefund')}</legend>
      <DeskMoneyForm
        booking={booking}
        initialAmount={most}
        methods={COUNTER_REFUND_METHODS}
        initialMethod="cash"
        names={{ method: 'refund-method', amount: 'refund-amount' }}
        labels={{
          method: t('operatorCounter.settlement.refundMethod'),
          button: t('operatorCounter.settlement.deskRefundButton'),
          done: t('operatorCounter.settlement.deskRefunded'),
          overAmount: t('operatorCounter.errors.overDeskRefund'),
        }}
        record={(body, lang) => refundAtDesk(booking._id, body, lang)}
      />
    </fieldset>
  );
}
