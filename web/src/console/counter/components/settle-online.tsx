import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_REFUND_METHODS, type CounterRefundMethod } from '@roam/contract/counter';
import { minorUnitDigits, toMajor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { counterBookingChanged, refundAtDesk, sendBalanceLink } from '../api/counter-booking';
import { minorFromTyped } from '../lib/amounts';
import { refusalText } from '../lib/counter-messages';

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
export function DeskRefund({ booking, most, currency }: { booking: CounterBooking; most: number; currency: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<CounterRefundMethod>('cash');
  const [amount, setAmount] = useState(toMajor(most, currency).toFixed(minorUnitDigits(currency)));
  // One key per refund meant: a double click or a retry records it once.
  const [refundKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    const minor = minorFromTyped(amount, currency);
    if (minor === null || Number.isNaN(minor) || minor < 1) return setError(t('operatorCounter.later.amountRequired'));
    setPending(true);
    setRefusal(null);
    try {
      const body = { key: refundKey, method, amount: minor };
      counterBookingChanged(queryClient, await refundAtDesk(booking._id, body, language), language);
      toast.success(t('operatorCounter.settlement.deskRefunded'));
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.amount) setError(t('operatorCounter.errors.overDeskRefund'));
      else setRefusal(refusalText(t, failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className="counter-later">
      <legend className="counter-subtitle">{t('operatorCounter.settlement.deskRefund')}</legend>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <ChoiceGroup
        label={t('operatorCounter.settlement.refundMethod')}
        name="refund-method"
        value={method}
        onChange={setMethod}
        options={COUNTER_REFUND_METHODS.map((value) => ({ value, label: t(`operatorCounter.settlement.${value}`) }))}
      />
      <TextField
        label={t('operatorCounter.later.amount', { currency })}
        name="refund-amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(undefined);
        }}
        error={error}
        inputMode="decimal"
        autoComplete="off"
      />
      <button type="button" className="button" disabled={pending} onClick={() => void send()}>
        {t('operatorCounter.settlement.deskRefundButton')}
      </button>
    </fieldset>
  );
}
