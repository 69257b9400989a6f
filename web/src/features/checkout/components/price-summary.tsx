import type { CarDetails } from '@roam/contract/cars';
import type { PaymentOption } from '@roam/contract/enums';
import { type PriceBreakdown, paymentSplit } from '@roam/contract/price';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money';

interface PriceSummaryProps {
  car: CarDetails;
  price: PriceBreakdown | null;
  option: PaymentOption;
  busy: boolean;
}

/** The price beside the form (spec §2): rental, extras, total and the split of the chosen option; then Book or Pay. */
export function PriceSummary({ car, price, option, busy }: PriceSummaryProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const id = useId();
  const split = price ? paymentSplit(price, option) : null;
  // Lines include the supplier's price change, as the card's price does; the total is the engine's, exactly.
  const withChange = (amount: number) => Math.round(amount * (1 + car.supplier.priceChangeRate / 100));
  return (
    <aside className="checkout__aside" aria-labelledby={`${id}-price`}>
      <h2 id={`${id}-price`} className="checkout-section__title">
        {t('checkout.price.title')}
      </h2>
      {price ? (
        <dl className="checkout-price" aria-live="polite">
          <div>
            <dt>{t('checkout.price.rental', { count: price.rentalDays })}</dt>
            <dd>{money.format(withChange(price.rental))}</dd>
          </div>
          {Object.entries(price.extras).map(([extra, cost]) => (
            <div key={extra}>
              <dt>{t(`cars.extra.${extra as keyof typeof price.extras}`)}</dt>
              <dd>{money.format(withChange(cost ?? 0))}</dd>
            </div>
          ))}
          <div className="checkout-price__total">
            <dt>{t('checkout.price.total')}</dt>
            <dd>{money.format(price.total)}</dd>
          </div>
          {split ? (
            <>
              <div>
                <dt>{t('checkout.price.payNow')}</dt>
                <dd>{money.format(split.payNow)}</dd>
              </div>
              <div>
                <dt>{t('checkout.price.payAtPickup')}</dt>
                <dd>{money.format(split.payAtPickup)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : (
        <p role="alert">{t('checkout.price.invalid')}</p>
      )}
      <button type="submit" className="button button--accent checkout__submit" disabled={busy} aria-busy={busy}>
        {option === 'payLater' ? t('checkout.submit.book') : t('checkout.submit.pay')}
      </button>
    </aside>
  );
}
