import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { paymentOutcome } from '#web/features/checkout/api/booking-payment';

/**
 * Back on the booking from the card provider's page where the difference of a change was paid (item 2;
 * `/booking?b=…&session=<its session>`): the server checks the session with the provider and makes the change once
 * (a reload asks again and is told the same), and this says what came of it — made, refunded because the car was
 * taken meanwhile, not paid, or not paid within the change's window (`failed`).
 */
export function ChangeSessionResult({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: ['change-session', sessionId, language],
    queryFn: async ({ signal }) => {
      const { payment } = await paymentOutcome(sessionId, language, signal);
      // The booking shown may have been read before the change was made.
      await queryClient.invalidateQueries({ queryKey: ['booking'] });
      return payment;
    },
    retry: false,
  });
  if (check.isPending) return null;
  if (check.data === 'paid')
    return (
      <p className="booking__notice" role="status">
        {t('bookings.amend.changed')}
      </p>
    );
  return (
    <p className="booking__notice field-error" role="alert">
      {check.data === 'refund'
        ? t('bookings.amend.notMade')
        : check.data === 'open'
          ? t('bookings.amend.notPaid')
          : check.data === 'failed'
            ? t('bookings.amend.expired')
            : t('bookings.errors.generic')}
    </p>
  );
}
