import type { AmendmentQuote } from '@roam/contract/amendments';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';

/**
 * What a change costs before the driver confirms it: the current and the new total, and how the
 * difference is settled — refunded to what they paid with, due at the counter, or (paid online in full and dearer)
 * not payable online yet.
 */
export function AmendmentQuoteSummary({ quote }: { quote: AmendmentQuote }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amount: number) => formatMinor(amount, quote.before.currency, language);
  const amount = money(quote.amount.amount);
  const settlement =
    quote.settlement === 'counter'
      ? t(quote.difference.amount > 0 ? 'bookings.amend.counterMore' : 'bookings.amend.counterLess', { amount })
      : t(`bookings.amend.${quote.settlement}`, { amount });
  return (
    <section className="amendment-quote" aria-live="polite" aria-label={t('bookings.amend.title')}>
      <dl className="checkout-summary booking-summary__amounts">
        <div>
          <dt>{t('bookings.amend.before')}</dt>
          <dd>{money(quote.before.amount)}</dd>
        </div>
        <div>
          <dt>{t('bookings.amend.after')}</dt>
          <dd>{money(quote.after.amount)}</dd>
        </div>
      </dl>
      <p>{settlement}</p>
    </section>
  );
}
