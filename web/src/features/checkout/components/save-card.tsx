import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutForm } from '../lib/use-checkout-form';

/**
 * The payer's explicit consent that what the rental still owes after the return — the balance above the deposit held,
 * a toll or a fine added later — is charged to the card they pay with, or to their PayPal kept in its vault
 * (docs/decisions/0014-charges-after-the-rental.md). Off unless ticked; loaded after the form's first paint with the
 * sections below the fold (checkout-more.tsx), which load its words. Says nothing for a payment at the counter.
 */
export function SaveCard({ checkout }: { checkout: CheckoutForm }) {
  const { t } = useTranslation();
  const id = useId();
  // Asked of an online payment only: a booking paid later at the counter saves no card.
  if (checkout.option === 'payLater') return null;
  return (
    <section className="checkout-section payment-option">
      <input
        id={id}
        type="checkbox"
        checked={checkout.saveCard}
        onChange={(event) => checkout.setSaveCard(event.currentTarget.checked)}
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
