import { bookingTerms } from '@roam/contract/booking-terms';
import type { Extra } from '@roam/contract/price';
import { type PriceBreakdown, paymentSplit, withPriceChange } from '@roam/contract/price';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag, useLanguage } from '#web/i18n';
import { useSettings } from '#web/lib/settings';
import { useMoney } from '#web/lib/use-money';
import type { CheckoutForm } from '../lib/use-checkout-form';
import { InvoiceBuyer } from './invoice-buyer';
import { SaveCard } from './save-card';

export { checkEmail } from './check-email';
export { OfferSection } from './checkout-offer';
export { CarGallery } from './lazy-car-gallery';

// The checkout's sections below the fold, and the business's offer (its own extras, its fees by rule, a promo code),
// loaded after its first paint (checkout-screen.tsx): the route's first load leaves them out, and Book waits for them
// (bench/README.md "Route JS ratchet").

type OptionsProps = {
  checkout: CheckoutForm;
  price: PriceBreakdown | null;
  car: Pick<Record<Extra, number>, 'amendments' | 'cancellation'> & {
    supplier: { priceChangeRate: number };
    /** Kilometres a day; −1 unlimited. */
    mileage: number;
    /** What a kilometre over costs at the return (EUR minor units); null: unlimited. */
    pricePerExtraKm: number | null;
    /** The car's own minimum driver age (18 to 99). */
    minimumAge: number;
  };
};

/**
 * How to pay (spec §2 payment options, §4): at the counter when the supplier allows it, online — the security deposit
 * (when the car has one) or the rental — when a gateway is configured. Each says what is paid now, what at pick-up,
 * and the security deposit and when it is taken; then what the chosen option promises about
 * changes and cancellation, from the car's own terms (item 7).
 */
function PaymentOptions({ checkout, price, car }: OptionsProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const { payment } = useSettings();
  // Before the payment, what will hold the deposit is what the pay step offers: the card, PayPal, or either.
  const heldOn = payment.wallet ? (payment.card ? 'cardOrPaypal' : 'paypal') : 'card';
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
                            ? `checkout.payment.securityDepositNow.${heldOn}`
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

/**
 * The chosen option's promises, each from the car's own terms (contract booking-terms.ts), the mileage: the
 * kilometres a day and what one over costs at the return (docs/architecture.md §5 "After the booking"), and the car's
 * minimum driver age.
 */
function Terms({ checkout, price, car }: OptionsProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useLanguage();
  const terms = bookingTerms(car, checkout.extras, checkout.option);
  const extraPrice = (extra: 'amendments' | 'cancellation') =>
    money.format(withPriceChange(car[extra], car.supplier.priceChangeRate));
  // One rental day of the total (the supplier's percentage in), as a cancellation keeps it.
  const fee = price ? money.format(Math.round(price.total / Math.max(1, price.rentalDays))) : '';
  return (
    <ul className="checkout-terms" aria-live="polite">
      <li>
        {terms.changes === 'withExtra'
          ? t('payment.terms.changes.withExtra', { price: extraPrice('amendments') })
          : t(`payment.terms.changes.${terms.changes}`)}
      </li>
      <li>
        {terms.cancellation === 'free'
          ? t('payment.terms.cancellation.free')
          : t('payment.terms.cancellation.oneDay', { fee })}
        {terms.cancellationExtra
          ? ` ${t('payment.terms.cancellation.extra', { price: extraPrice('cancellation') })}`
          : ''}
      </li>
      {car.mileage < 0 ? (
        <li>{t('payment.terms.mileage.unlimited')}</li>
      ) : car.pricePerExtraKm !== null ? (
        <li>
          {t('payment.terms.mileage.limited', {
            km: new Intl.NumberFormat(localeTag(language), { style: 'unit', unit: 'kilometer' }).format(car.mileage),
            price: money.format(car.pricePerExtraKm),
          })}
        </li>
      ) : null}
      <li>{t('payment.terms.minimumAge', { age: car.minimumAge })}</li>
    </ul>
  );
}

/** What to bring and when to arrive (spec §2 pick-up checklist). */
function Checklist() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="checkout-section" aria-labelledby={`${id}-checklist`}>
      <h2 id={`${id}-checklist`} className="checkout-section__title">
        {t('checkout.checklist.title')}
      </h2>
      <ul className="checkout-checklist">
        <li>{t('checkout.checklist.onTime')}</li>
        <li>{t('checkout.checklist.documents')}</li>
      </ul>
    </section>
  );
}

/**
 * How to pay and what it promises, the consent to later charges, a business as the invoices' buyer, then the pick-up
 * checklist: in the form's order.
 */
export function PaymentSection(props: OptionsProps) {
  return (
    <>
      <PaymentOptions {...props} />
      <SaveCard checkout={props.checkout} />
      <InvoiceBuyer checkout={props.checkout} />
      <Checklist />
    </>
  );
}
