import type { PaymentOption } from '@roam/contract/bookings';
import { type PriceBreakdown, paymentSplit, priceIn } from '@roam/contract/price';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { useMoney } from '#web/lib/use-money';
import { priceLineLabel } from '#web/ui/price-line-label';

interface PriceSummaryProps {
  price: PriceBreakdown | null;
  option: PaymentOption;
  busy: boolean;
  /** The price waits for the key box's rule (a few milliseconds): neither a price nor a refusal yet. */
  pricing?: boolean;
}

/**
 * The price beside the form (spec §2): rental, extras, total and the split of the chosen option — what is paid now
 * and at pick-up (the security deposit and when it is taken are said by each option); then Book or
 * Pay.
 */
export function PriceSummary({ price, option, busy, pricing = false }: PriceSummaryProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useLanguage();
  const id = useId();
  // In the display currency line by line (priceIn): each extra's label × its days is its line, the lines add up to the
  // total, and the percentage is in each of them (docs/architecture.md §5).
  const shown = price ? priceIn(price, money.convert) : null;
  const split = shown ? paymentSplit(shown, option) : null;
  return (
    <aside className="checkout__aside" aria-labelledby={`${id}-price`}>
      <h2 id={`${id}-price`} className="checkout-section__title">
        {t('checkout.price.title')}
      </h2>
      {shown ? (
        <dl className="checkout-price" aria-live="polite">
          {shown.lines.map((line) => (
            <div key={line.extraId ?? line.item}>
              <dt>{priceLineLabel(t, language, line, shown.rentalDays)}</dt>
              <dd>{money.formatConverted(line.amount)}</dd>
            </div>
          ))}
          <div className="checkout-price__total">
            <dt>{t('checkout.price.total')}</dt>
            <dd>{money.formatConverted(shown.total)}</dd>
          </div>
          {split ? (
            <>
              <div>
                <dt>{t('checkout.price.payNow')}</dt>
                <dd>{money.formatConverted(split.payNow)}</dd>
              </div>
              <div>
                <dt>{t('checkout.price.payAtPickup')}</dt>
                <dd>{money.formatConverted(split.payAtPickup)}</dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : pricing ? null : (
        <p role="alert">{t('checkout.price.invalid')}</p>
      )}
      <button
        type="submit"
        className="button button--accent checkout__submit"
        disabled={busy || pricing}
        aria-busy={busy || pricing}
      >
        {option === 'payLater' ? t('checkout.submit.book') : t('checkout.submit.pay')}
      </button>
    </aside>
  );
}
