import type { CancellationQuote } from '@roam/contract/cancellations';
import { formatMinor } from '@roam/contract/money';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import type { Question } from '#web/ui/confirm';
import { useFetchCancellationQuote } from '../api/bookings';

/**
 * The cancel dialog's question. A driver is told, before confirming, which case applies and how
 * much comes back — read from the server's quote, decided by the rule the cancel itself follows: free by the terms
 * (cancelled at once, the refund and when it arrives) or a request the supplier decides (what approval gives back,
 * and the fee kept). An operator cancels outright. Null when the quote could not be read.
 */
export function useCancelQuestion() {
  const { t } = useTranslation();
  const language = useLanguage();
  const fetchQuote = useFetchCancellationQuote();
  const money = (amount: { amount: number; currency: string }) => formatMinor(amount.amount, amount.currency, language);

  const describe = (quote: CancellationQuote, supplier: string) => {
    if (quote.decision === 'now') {
      return quote.refund.amount > 0
        ? t('bookings.cancelTerms.freeRefund', { amount: money(quote.refund) })
        : t('bookings.cancelTerms.free');
    }
    if (quote.paid.amount === 0) return t('bookings.cancelTerms.request', { supplier });
    return t('bookings.cancelTerms.requestRefund', {
      supplier,
      amount: money(quote.refund),
      fee: money({ amount: quote.fee, currency: quote.refund.currency }),
    });
  };

  return async (
    booking: { _id: string; car: { name: string }; supplier: { name: string } },
    operator: boolean,
  ): Promise<Question | null> => {
    const title = t('bookings.confirmCancel', { car: booking.car.name });
    const dismissLabel = t('bookings.confirm.keep');
    if (operator) return { title, confirmLabel: t('bookings.confirm.cancel'), dismissLabel };
    let quote: CancellationQuote;
    try {
      quote = await fetchQuote(booking._id);
    } catch {
      return null;
    }
    return {
      title,
      description: describe(quote, booking.supplier.name),
      confirmLabel: quote.decision === 'now' ? t('bookings.confirm.cancel') : t('bookings.confirm.request'),
      dismissLabel,
    };
  };
}
