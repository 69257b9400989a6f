import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_PAYMENT_METHODS } from '@roam/contract/counter';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { toast } from '#web/ui/toast';
import { closeBooking, counterBookingChanged, recordCounterPayment, refundExcess } from '../api/counter-booking';
import { refusalText } from '../lib/counter-messages';
import { DeskMoneyForm } from './desk-money-form';
import { BalanceLinkButton, DeskRefund } from './settle-online';

// The balance and its settlement (docs/architecture.md §5 "After the booking"; the money ledger's `bookingBalance`):
// the booking's total and the charges not waived, less what was paid, holds apart. Money taken at the desk is recorded
// with its method, then the rental is closed — each offered only when the server's `actions` say so.

export function Settlement({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { balance } = booking;
  const currency = balance?.currency ?? booking.amounts.currency;
  const money = (amount: number) => formatMinor(amount, currency, language);
  const [closing, setClosing] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const refund = async () => {
    setRefunding(true);
    try {
      counterBookingChanged(queryClient, await refundExcess(booking._id, language), language);
      toast.success(t('operatorCounter.settlement.refunded'));
    } catch (error) {
      toast.error(refusalText(t, error));
    } finally {
      setRefunding(false);
    }
  };
  // Offered by the server's actions: a returned rental at balance 0 (docs/decisions/0008-counter-documents-stored-as-signed.md).
  const canClose = booking.actions.includes('close');
  const close = async () => {
    setClosing(true);
    try {
      counterBookingChanged(queryClient, await closeBooking(booking._id, language), language);
      toast.success(t('operatorCounter.settlement.closed'));
    } catch (error) {
      toast.error(refusalText(t, error));
    } finally {
      setClosing(false);
    }
  };
  return (
    <section className="op-section" aria-labelledby="settlement">
      <h2 id="settlement" className="op-section__title">
        {t('operatorCounter.settlement.title')}
      </h2>
      {balance ? (
        <dl className="counter-facts counter-balance">
          {(['total', 'charges', 'paid', 'held', 'due'] as const).map((key) => (
            <div key={key} className={key === 'due' ? 'counter-balance__due' : undefined}>
              <dt>{t(`operatorCounter.settlement.${key}`)}</dt>
              <dd>{money(balance[key])}</dd>
            </div>
          ))}
          {balance.excess > 0 ? (
            <div className="counter-balance__due">
              <dt>{t('operatorCounter.settlement.toRefund')}</dt>
              <dd>{money(balance.excess)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="form-field__hint">{t('operatorCounter.settlement.noBalance')}</p>
      )}
      {balance && balance.excess > 0 ? (
        <p className="form-field__hint">{t('operatorCounter.settlement.toRefundHint')}</p>
      ) : null}
      {booking.actions.includes('refundExcess') ? (
        <button type="button" className="button" disabled={refunding} onClick={() => void refund()}>
          {t('operatorCounter.settlement.refund')}
        </button>
      ) : null}
      {booking.actions.includes('refundAtDesk') && balance ? (
        // Keyed by what can be handed back: after a refund the form starts again, with a new key.
        <DeskRefund key={balance.atDesk} booking={booking} most={balance.atDesk} />
      ) : null}
      {booking.status === 'closed' ? <p className="counter-badge">{t('operatorCounter.settlement.isClosed')}</p> : null}
      {booking.actions.includes('sendPaymentLink') ? <BalanceLinkButton booking={booking} /> : null}
      {booking.actions.includes('recordPayment') ? (
        // Keyed by what is due: after a payment the form starts again at the new balance, with a new payment key.
        <CounterPayment key={balance?.due ?? 0} booking={booking} due={balance?.due ?? 0} />
      ) : null}
      {booking.status === 'returned' ? (
        <>
          {canClose ? null : (
            <p id="close-hint" className="form-field__hint">
              {t('operatorCounter.settlement.closeHint')}
            </p>
          )}
          <button
            type="button"
            className="button button--accent"
            disabled={closing || !canClose}
            aria-describedby={canClose ? undefined : 'close-hint'}
            onClick={() => void close()}
          >
            {t('operatorCounter.settlement.close')}
          </button>
        </>
      ) : null}
    </section>
  );
}

/** Money taken at the desk: the method, the amount (the balance due, unless less was taken), a slip's reference. */
function CounterPayment({ booking, due }: { booking: CounterBooking; due: number }) {
  const { t } = useTranslation();
  return (
    <fieldset className="counter-later">
      <legend className="counter-subtitle">{t('operatorCounter.settlement.record')}</legend>
      <DeskMoneyForm
        booking={booking}
        initialAmount={due}
        methods={COUNTER_PAYMENT_METHODS}
        initialMethod="card_terminal"
        names={{ method: 'method', amount: 'payment-amount', reference: 'payment-reference' }}
        labels={{
          method: t('operatorCounter.settlement.method'),
          reference: t('operatorCounter.settlement.reference'),
          button: t('operatorCounter.settlement.recordButton'),
          done: t('operatorCounter.settlement.recorded'),
          // More than the balance due: said at the amount, in the reader's words.
          overAmount: t('operatorCounter.errors.overBalance'),
        }}
        record={(body, lang) => recordCounterPayment(booking._id, body, lang)}
      />
    </fieldset>
  );
}
