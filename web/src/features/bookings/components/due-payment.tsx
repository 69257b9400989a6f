import type { AmendmentPayment } from '@roam/contract/amendments';
import type { Booking } from '@roam/contract/bookings';
import { formatMinor } from '@roam/contract/money';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithStrings, useLanguage } from '#web/i18n';
import { toast } from '#web/ui/toast';
import { useDuePayment } from '../api/change-payment';
import type { Paying } from './change-payment';

const ChangePayment = lazy(() =>
  importWithStrings('features/bookings/components/change-payment', () => import('./change-payment')).then((module) => ({
    default: module.ChangePayment,
  })),
);

/**
 * What an operator's change made due on a booking paid online in full, paid online before pick-up
 * through the booking's own gateway, as a change's difference is (change-payment.tsx); the counter takes it too. After
 * the return it is the rental's balance — the charges at the return in it — and after a no-show its fee, paid through
 * the counter's payment link (docs/decisions/0008-counter-documents-stored-as-signed.md, "Settlement"): each says so.
 * Shown only where the rule offers it (contract booking-actions.ts `payDue`).
 */
export function DuePayment({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const open = useDuePayment();
  const [paying, setPaying] = useState<AmendmentPayment | null>(null);
  // Why the payment stopped, in the words of what was paid (change-payment.tsx).
  const [stopped, setStopped] = useState<string | null>(null);
  const amount = formatMinor(booking.amounts.due, booking.amounts.currency, language);
  const paid: Paying = booking.status === 'returned' ? 'balance' : booking.status === 'no_show' ? 'noShow' : 'due';
  const start = async () => {
    setStopped(null);
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
          paying={paid}
          onDone={() => setPaying(null)}
          onStopped={(_why, notMade) => {
            setPaying(null);
            setStopped(notMade);
          }}
        />
      </Suspense>
    );
  }
  return (
    <>
      {stopped ? (
        <p className="field-error" role="alert">
          {stopped}
        </p>
      ) : null}
      <button type="button" className="button button--accent" onClick={() => void start()} disabled={open.isPending}>
        {t('bookings.due.action', { amount })}
      </button>
    </>
  );
}
