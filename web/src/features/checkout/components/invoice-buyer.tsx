import { useTranslation } from 'react-i18next';
import { CheckboxField, TextAreaField, TextField } from '#web/ui/form-field';
import type { CheckoutForm } from '../lib/use-checkout-form';

/**
 * A business customer's company as the buyer on the booking's invoices (docs/decisions/0011-invoices.md): asked here,
 * before the payment whose invoice names it. Off unless ticked; the three fields only then. Loaded with the sections
 * below the fold (checkout-more.tsx), which load its words.
 */
export function InvoiceBuyer({ checkout }: { checkout: CheckoutForm }) {
  const { t } = useTranslation();
  const { form } = checkout;
  const field = (name: 'name' | 'address' | 'vatNumber') => {
    const props = form.field(`invoiceBuyer.${name}`, t(`payment.invoiceBuyer.${name}`));
    return { ...props, value: String(props.value), onChange: props.onChange as (value: string) => void };
  };
  return (
    <section className="checkout-section">
      <CheckboxField
        name="business"
        label={t('payment.invoiceBuyer.label')}
        description={t('payment.invoiceBuyer.description')}
        value={checkout.business}
        onChange={checkout.setBusiness}
      />
      {checkout.business ? (
        <div className="form-grid">
          <TextField {...field('name')} autoComplete="organization" required />
          <TextAreaField {...field('address')} autoComplete="street-address" rows={3} />
          <TextField {...field('vatNumber')} autoComplete="off" />
        </div>
      ) : null}
    </section>
  );
}
