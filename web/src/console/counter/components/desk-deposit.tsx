import type { CounterBooking } from '@roam/contract/counter';
import { COUNTER_REFUND_METHODS, type CounterRefundMethod } from '@roam/contract/counter';
import { formatMinor, minorUnitDigits, toMajor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { counterBookingChanged, recordDeskDeposit } from '../api/counter-booking';
import { minorFromTyped } from '../lib/amounts';
import { refusalText } from '../lib/counter-messages';

// The security deposit taken at the desk (docs/decisions/0012-deposit-holds.md, "Deposits at the desk"): cash or the
// card terminal, held until the close, which takes what the return costs from it and hands the rest back. Offered
// when the server's `actions` say so (a deposit is due and none is held).

export function DeskDeposit({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { currency, securityDeposit } = booking.amounts;
  const [method, setMethod] = useState<CounterRefundMethod>('cash');
  const [amount, setAmount] = useState(toMajor(securityDeposit, currency).toFixed(minorUnitDigits(currency)));
  const [reference, setReference] = useState('');
  // One key per deposit meant: a double click or a retry records it once.
  const [depositKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    const minor = minorFromTyped(amount, currency);
    if (minor === null || Number.isNaN(minor) || minor < 1) return setError(t('operatorCounter.later.amountRequired'));
    setPending(true);
    setRefusal(null);
    try {
      const body = {
        key: depositKey,
        method,
        amount: minor,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      };
      counterBookingChanged(queryClient, await recordDeskDeposit(booking._id, body, language), language);
      toast.success(t('operatorCounter.deposit.recorded'));
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.amount) setError(t('operatorCounter.errors.overDeposit'));
      else setRefusal(refusalText(t, failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="op-section" aria-labelledby="desk-deposit">
      <h2 id="desk-deposit" className="op-section__title">
        {t('operatorCounter.deposit.title')}
      </h2>
      <p className="form-field__hint">
        {t('operatorCounter.deposit.hint', { amount: formatMinor(securityDeposit, currency, language) })}
      </p>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <ChoiceGroup
        label={t('operatorCounter.deposit.method')}
        name="deposit-method"
        value={method}
        onChange={setMethod}
        options={COUNTER_REFUND_METHODS.map((value) => ({ value, label: t(`operatorCounter.settlement.${value}`) }))}
      />
      <div className="form-grid">
        <TextField
          label={t('operatorCounter.later.amount', { currency })}
          name="deposit-amount"
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error}
          inputMode="decimal"
          autoComplete="off"
        />
        <TextField
          label={t('operatorCounter.deposit.reference')}
          name="deposit-reference"
          value={reference}
          onChange={setReference}
          maxLength={100}
          autoComplete="off"
        />
      </div>
      <button type="button" className="button" disabled={pending} onClick={() => void send()}>
        {t('operatorCounter.deposit.button')}
      </button>
    </section>
  );
}
