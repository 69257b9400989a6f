import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The payer's explicit consent that what the rental still owes after the return — the balance above the deposit held,
 * a toll or a fine added later — is charged to the card they pay with (docs/decisions/0013-charges-after-the-
 * rental.md). Off unless ticked; loaded after the form's first paint with the payment's step (pay-step.tsx), whose
 * words it uses.
 */
export function SaveCard({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="checkout-section payment-option">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-describedby={`${id}-desc`}
      />
      <label htmlFor={id}>
        <span className="payment-option__name">{t('payment.saveCard.label')}</span>
      </label>
      <p id={`${id}-desc`} className="payment-option__desc">
        {t('payment.saveCard.description')}
      </p>
    </section>
  );
}
