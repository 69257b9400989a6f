import type { AmendmentPayment } from '@roam/contract/amendments';
import type { Booking } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings, useLanguage } from '#web/i18n';
import { toast } from '#web/ui/toast';
import { useDuePayment } from '../api/change-payment';

const ChangePayment = lazy(() =>
  importWithStrings('features/bookings/components/change-payment', () => import('./change-payment')).then((module) => ({
    default: module.ChangePayment,
  })),
);

/**
 * What an operator's change made due on a booking paid online in full, paid online before pick-up
 * through the booking's own gateway, as a change's difference is (change-payment.tsx); the counter takes it too. Shown
 * only where the rule offers it (contract booking-actions.ts `payDue`).
 */
export function DuePayment({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const open = useDuePayment();
  const [paying, setPaying] = useState<AmendmentPayment | null>(null);
  const [stopped, setStopped] = useState(false);
  const amount = formatMinor(booking.amounts.due, booking.amounts.currency, language);
  const start = async () => {
    setStopped(false);
    try {
      setPaying(await open.mutateAsync(booking._id));
    } catch {
      toast.error(t('bookings.errors.generic'));
    }
  };
  if (paying) {
    return (
      <Suspense fallback={null}>
        <ChangePayment
          bookingId={booking._id}
          payment={paying}
          paying="due"
          onDone={() => setPaying(null)}
          onStopped={() => {
            setPaying(null);
            setStopped(true);
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      {stopped ? (
        <p className="field-error" role="alert">
          {t('bookings.due.notMade')}
        </p>
      ) : null}
      <button type="button" className="button button--accent" onClick={() => void start()} disabled={open.isPending}>
        {t('bookings.due.action', { amount })}
      </button>
    </>
  );
}
