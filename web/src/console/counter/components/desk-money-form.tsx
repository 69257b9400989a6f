import type { CounterBooking, CounterPaymentMethod, CounterRefundMethod } from '@roam/contract/counter';
import type { Language } from '@roam/contract/languages';
import { minorUnitDigits, toMajor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { isApiError } from '#web/lib/api-client';
import { FormMessage, TextField } from '#web/ui/form-field';
import { toast } from '#web/ui/toast';
import { ChoiceGroup } from '#web/console/components/choice-group';
import { counterBookingChanged } from '../api/counter-booking';
import { minorFromTyped } from '../lib/amounts';
import { refusalText } from '../lib/counter-messages';

type DeskMethod = CounterPaymentMethod | CounterRefundMethod;

/** What the desk sends for money taken, held or handed back: the screen's key, the method, the amount, a slip. */
export type DeskMoneyBody<M extends DeskMethod> = { key: string; method: M; amount: number; reference?: string };

type DeskMoneyFormProps<M extends DeskMethod> = {
  booking: CounterBooking;
  /** The amount offered at first, in minor units (0: left empty for the operator to type). */
  initialAmount: number;
  methods: readonly M[];
  initialMethod: M;
  /** The fields' names, so that each form on a screen has its own. `reference` absent: no slip's reference asked. */
  names: { method: string; amount: string; reference?: string };
  labels: { method: string; reference?: string; button: string; done: string; overAmount: string };
  record: (body: DeskMoneyBody<M>, language: Language) => Promise<CounterBooking>;
};

/**
 * Money at the desk (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"; 0012, "Deposits at the
 * desk"): the method, the amount and, where a slip has one, its reference. One key per amount meant, so a double
 * click or a retry is recorded once; an amount the server refuses is said at the amount, anything else above the form.
 */
export function DeskMoneyForm<M extends DeskMethod>({
  booking,
  initialAmount,
  methods,
  initialMethod,
  names,
  labels,
  record,
}: DeskMoneyFormProps<M>) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { currency } = booking.amounts;
  const [method, setMethod] = useState<M>(initialMethod);
  const [amount, setAmount] = useState(
    initialAmount > 0 ? toMajor(initialAmount, currency).toFixed(minorUnitDigits(currency)) : '',
  );
  const [reference, setReference] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    const minor = minorFromTyped(amount, currency);
    if (minor === null || Number.isNaN(minor) || minor < 1) return setError(t('operatorCounter.later.amountRequired'));
    setPending(true);
    setRefusal(null);
    try {
      const body: DeskMoneyBody<M> = {
        key,
        method,
        amount: minor,
        ...(names.reference && reference.trim() ? { reference: reference.trim() } : {}),
      };
      counterBookingChanged(queryClient, await record(body, language), language);
      toast.success(labels.done);
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors.amount) setError(labels.overAmount);
      else setRefusal(refusalText(t, failure));
    } finally {
      setPending(false);
    }
  };
  const methodLabel = (value: DeskMethod) => t(`operatorCounter.settlement.${value}`);
  const amountField = (
    <TextField
      label={t('operatorCounter.later.amount', { currency })}
      name={names.amount}
      value={amount}
      onChange={(value) => {
        setAmount(value);
        setError(undefined);
      }}
      error={error}
      inputMode="decimal"
      autoComplete="off"
    />
  );
  return (
    <>
      {refusal ? <FormMessage>{refusal}</FormMessage> : null}
      <ChoiceGroup
        label={labels.method}
        name={names.method}
        value={method}
        onChange={setMethod}
        options={methods.map((value) => ({ value, label: methodLabel(value) }))}
      />
      {names.reference ? (
        <div className="form-grid">
          {amountField}
          <TextField
            label={labels.reference ?? ''}
            name={names.reference}
            value={reference}
            onChange={setReference}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      ) : (
        amountField
      )}
      <button type="button" className="button" disabled={pending} onClick={() => void send()}>
        {labels.button}
      </button>
    </>
  );
}
