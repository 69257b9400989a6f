import { expiryValid, luhnValid, type PaymentResult } from '@roam/contract/checkout';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../../lib/api-client';

type CardField = 'cardNumber' | 'expiry' | 'cvc' | 'cardholder';
type CardErrors = Partial<Record<CardField, string>>;

interface CardFormProps {
  bookingId: string;
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

/** The demo gateway's card fields (spec §5 card messages), checked here and again by the server. */
export function CardForm({ bookingId, amount, onPaid, onFailed }: CardFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [card, setCard] = useState<Record<CardField, string>>({ cardNumber: '', expiry: '', cvc: '', cardholder: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);

  const validate = (): CardErrors => {
    const next: CardErrors = {};
    if (!luhnValid(card.cardNumber)) next.cardNumber = t('checkout.card.errors.cardNumber');
    if (!expiryValid(card.expiry)) next.expiry = t('checkout.card.errors.expiry');
    if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = t('checkout.card.errors.cvc');
    if (!card.cardholder.trim())
      next.cardholder = t('checkout.errors.required', { field: t('checkout.card.cardholder') });
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (Object.keys(found) as CardField[])[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await api.post<PaymentResult>(`/api/demo-payment/${encodeURIComponent(bookingId)}`, card);
      onPaid(result);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
        const server: CardErrors = {};
        if (error.fieldErrors.cardNumber) server.cardNumber = t('checkout.card.errors.cardNumber');
        if (error.fieldErrors.expiry) server.expiry = t('checkout.card.errors.expiry');
        if (error.fieldErrors.cvc) server.cvc = t('checkout.card.errors.cvc');
        setErrors(server);
      } else {
        onFailed(isApiError(error) ? error.code : 'NETWORK_ERROR');
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: CardField,
    props: { autoComplete: string; inputMode?: 'numeric'; placeholder?: string; format?: (v: string) => string },
  ) => {
    const inputId = `${id}-${name}`;
    const error = errors[name];
    return (
      <div className={`form-field form-field--${name}`}>
        <label htmlFor={inputId}>{t(`checkout.card.${name}`)}</label>
        <input
          id={inputId}
          className="text-field"
          value={card[name]}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          placeholder={props.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            setCard((current) => ({ ...current, [name]: props.format ? props.format(raw) : raw }));
          }}
        />
        {error ? (
          <p id={`${inputId}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="checkout-section__subtitle">
        {t('checkout.card.title')}
      </h3>
      <p className="test-mode-note" role="note">
        {t('checkout.card.testMode')}
      </p>
      <div className="form-grid">
        {field('cardNumber', {
          autoComplete: 'cc-number',
          inputMode: 'numeric',
          placeholder: '4242 4242 4242 4242',
          format: groupDigits,
        })}
        {field('expiry', { autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', format: formatExpiry })}
        {field('cvc', {
          autoComplete: 'cc-csc',
          inputMode: 'numeric',
          placeholder: '123',
          format: (v) => v.replace(/[^\d]/g, '').slice(0, 4),
        })}
        {field('cardholder', { autoComplete: 'cc-name' })}
      </div>
      <button type="submit" className="button button--accent" disabled={busy} aria-busy={busy}>
        {t('checkout.card.pay', { amount })}
      </button>
    </form>
  );
}
