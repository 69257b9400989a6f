import { bookingTerms } from '@roam/contract/booking-terms';
import type { Extra } from '@roam/contract/price';
import { type PriceBreakdown, paymentSplit, withPriceChange } from '@roam/contract/price';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '#web/lib/use-money';
import { ExtrasToggles } from '#web/ui/extras-toggles';
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

type OptionsProps = {
  checkout: CheckoutForm;
  price: PriceBreakdown | null;
  car: Pick<Record<Extra, number>, 'amendments' | 'cancellation'> & { supplier: { priceChangeRate: number } };
};

/**
 * How to pay (spec §2 payment options, §4): at the counter when the supplier allows it, online — the security deposit
 * (when the car has one) or the rental — when a gateway is configured. Each says what is paid now, what at pick-up,
 * and the security deposit and when it is taken; then what the chosen option promises about
 * changes and cancellation, from the car's own terms (item 7).
 */
export function PaymentOptions({ checkout, price, car }: OptionsProps) {
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
                    <br />
                    {share.securityDeposit > 0
                      ? t(
                          share.securityDepositTaken === 'now'
                            ? 'checkout.payment.securityDepositNow'
                            : 'checkout.payment.securityDepositAtPickup',
                          { amount: money.format(share.securityDeposit) },
                        )
                      : t('checkout.payment.noSecurityDeposit')}
                  </span>
                ) : null}
              </p>
            </div>
          );
        })}
      </fieldset>
      <Terms checkout={checkout} price={price} car={car} />
    </section>
  );
}

/** The chosen option's promises, each from the car's own terms (contract booking-terms.ts). */
function Terms({ checkout, price, car }: OptionsProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const terms = bookingTerms(car, checkout.extras, checkout.option);
  const extraPrice = (extra: 'amendments' | 'cancellation') =>
    money.format(withPriceChange(car[extra], car.supplier.priceChangeRate));
  // One rental day of the total (the supplier's percentage in), as a cancellation keeps it.
  const fee = price ? money.format(Math.round(price.total / Math.max(1, price.rentalDays))) : '';
  return (
    <ul className="checkout-terms" aria-live="polite">
      <li>
        {terms.changes === 'withExtra'
          ? t('checkout.terms.changes.withExtra', { price: extraPrice('amendments') })
          : t(`checkout.terms.changes.${terms.changes}`)}
      </li>
      <li>
        {terms.cancellation === 'free'
          ? t('checkout.terms.cancellation.free')
          : t('checkout.terms.cancellation.oneDay', { fee })}
        {terms.cancellationExtra
          ? ` ${t('checkout.terms.cancellation.extra', { price: extraPrice('cancellation') })}`
          : ''}
      </li>
    </ul>
  );
}
