import type { CarDetails } from '@roam/contract/cars';
import type { PromoDiscount } from '@roam/contract/promo-codes';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#web/lib/api-client';
import type { SearchCriteria } from '#web/lib/search-params';
import { TextField } from '#web/ui/form-field';
import type { CheckoutForm } from '../lib/use-checkout-form';

// The checkout's promo code (docs/architecture.md §5 "Promo codes"): typed and applied here — the server checks it
// for the car, the place and the period (`check-promo-code`) — its discount then the summary's own line, priced by
// the one price engine (checkout-offer.tsx); the checkout checks it again when it books. A refusal, the check's or
// the checkout's, shows at the field in the reader's words (lib/form-messages.ts).

type Props = {
  checkout: CheckoutForm;
  car: CarDetails;
  criteria: SearchCriteria;
  applied: PromoDiscount | null;
  onApplied: (promo: PromoDiscount | null) => void;
};

export function PromoField({ checkout, car, criteria, applied, onApplied }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const { form } = checkout;
  const apply = async () => {
    if (code.trim() === '') return;
    setPending(true);
    try {
      const { pickupLocationId, pickupAt, dropoffAt } = criteria;
      const body = { code, carId: car._id, pickupLocationId, pickupAt, dropoffAt };
      onApplied(await api.post<PromoDiscount>('/api/check-promo-code', body));
      await form.setServerError('promoCode', null);
    } catch (failure) {
      onApplied(null);
      await form.setServerError('promoCode', failure);
    } finally {
      setPending(false);
    }
  };
  // Enter applies the code: it does not book.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!applied) void apply();
  };
  return (
    <section className="checkout-section">
      <TextField
        label={t('payment.promo.label')}
        name="promoCode"
        value={applied ? applied.code : code}
        onChange={(value) => {
          setCode(value);
          if (applied) onApplied(null);
        }}
        onKeyDown={onKeyDown}
        error={form.errorOf('promoCode')}
        autoComplete="off"
        spellCheck={false}
        aside={
          applied ? (
            <button type="button" className="button button--secondary" onClick={() => onApplied(null)}>
              {t('payment.promo.remove')}
            </button>
          ) : (
            <button type="button" className="button button--secondary" disabled={pending} onClick={() => void apply()}>
              {t('payment.promo.apply')}
            </button>
          )
        }
      />
    </section>
  );
}
