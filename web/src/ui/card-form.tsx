import type { DemoPaymentBody, PaymentResult } from '@roam/contract/checkout';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { type FieldProps, useContractForm } from '#web/lib/use-contract-form';
import { FormMessage, TextField } from './form-field';

interface CardFormProps {
  /** Sends the card to the demo gateway's call of what is paid: a booking (checkout) or a change's difference. */
  pay: (card: DemoPaymentBody) => Promise<PaymentResult>;
  /** What is charged now, already formatted. */
  amount: string;
  onPaid: (result: PaymentResult) => void;
  onFailed: (code: string) => void;
}

/** Spaces every four digits as the user types, as printed on a card. */
function groupDigits(value: string): string {
  return value
    .replace(/[^\d]/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const digits = value.replace(/[^\d]/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const digitsOnly = (value: string) => value.replace(/[^\d]/g, '').slice(0, 4);

/** A field whose value is shaped as it is typed (the card number in groups of four, the expiry as MM/YY). */
const shaped = (field: FieldProps<string>, shape: (value: string) => string) => ({
  ...field,
  onChange: (value: string) => field.onChange(shape(value)),
});

/** The demo gateway's card fields (spec §5 card messages), checked here and again by the server. */
export function CardForm({ pay, amount, onPaid, onFailed }: CardFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const form = useContractForm({
    initialValues: { cardNumber: '', expiry: '', cvc: '', cardholder: '' },
    schema: () => import('@roam/contract/checkout.schema').then((contract) => contract.DemoPaymentBodySchema),
    onSubmit: async (card) => onPaid(await pay(card)),
    onError: (error) => {
      onFailed(isApiError(error) ? error.code : 'NETWORK_ERROR');
      return null;
    },
  });

  return (
    <form className="card-form" aria-labelledby={`${id}-title`} {...form.formProps}>
      <h3 id={`${id}-title`} className="checkout-section__subtitle">
        {t('payment.card.title')}
      </h3>
      <p className="test-mode-note" role="note">
        {t('payment.card.testMode')}
      </p>
      <FormMessage>{form.message}</FormMessage>
      <div className="form-grid">
        <TextField
          {...shaped(form.field('cardNumber', t('payment.card.cardNumber')), groupDigits)}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="4242 4242 4242 4242"
        />
        <TextField
          {...shaped(form.field('expiry', t('payment.card.expiry')), formatExpiry)}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
        />
        <TextField
          {...shaped(form.field('cvc', t('payment.card.cvc')), digitsOnly)}
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
        />
        <TextField {...form.field('cardholder', t('payment.card.cardholder'))} autoComplete="cc-name" />
      </div>
      <button type="submit" className="button button--accent" disabled={form.pending} aria-busy={form.pending}>
        {t('payment.card.pay', { amount })}
      </button>
    </form>
  );
}
