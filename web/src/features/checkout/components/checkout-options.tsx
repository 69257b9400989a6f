import { type PriceBreakdown, paymentSplit } from '@roam/contract/price';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money';
import { ExtrasToggles } from '../../../ui/extras-toggles';
import type { CheckoutForm } from '../lib/use-checkout-form';

/** The extras, each a switch whose price shows beside it (spec §2 booking options). */
export function ExtrasSection({
  checkout,
  car,
}: {
  checkout: CheckoutForm;
  car: Parameters<typeof ExtrasToggles>[0]['car'];
}) {
  return (
    <section className="checkout-section">
      <ExtrasToggles car={car} value={checkout.extras} onChange={checkout.setExtras} />
    </section>
  );
}

/**
 * How to pay (spec §2 payment options): at the counter when the supplier allows it, online (a deposit or the full
 * amount) when a gateway is configured; each with what is paid now and at pick-up.
 */
export function PaymentOptions({ checkout, price }: { checkout: CheckoutForm; price: PriceBreakdown | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  return (
    <section className="checkout-section">
      <fieldset className="payment-options">
        <legend className="checkout-section__title">{t('checkout.payment.title')}</legend>
        {checkout.options.map((value) => {
          const share = price ? paymentSplit(price, value) : null;
          const optionId = `${id}-option-${value}`;
          return (
            <div key={value} className="payment-option">
              <input
                id={optionId}
                type="radio"
                name="paymentOption"
                value={value}
                checked={checkout.option === value}
                onChange={() => checkout.setOption(value)}
                aria-describedby={`${optionId}-desc`}
              />
              <label htmlFor={optionId}>
                <span className="payment-option__name">{t(`checkout.payment.${value}.label`)}</span>
              </label>
              <p id={`${optionId}-desc`} className="payment-option__desc">
                {t(`checkout.payment.${value}.description`)}
                {share ? (
                  <span className="payment-option__split">
                    {t('checkout.payment.split', {
                      now: money.format(share.payNow),
                      later: money.format(share.payAtPickup),
                    })}
                  </span>
                ) : null}
              </p>
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}
