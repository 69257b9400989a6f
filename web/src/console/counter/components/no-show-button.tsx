import type { CounterBooking } from '@roam/contract/counter';
import { BASE_CURRENCY } from '@roam/contract/currencies';
import { formatMinor } from '@roam/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n/index';
import { useConfirm } from '#web/ui/confirm';
import { toast } from '#web/ui/toast';
import { counterBookingChanged, recordNoShow } from '../api/counter-booking';
import { useCounterSettings } from '../api/counter-settings';
import { refusalText } from '../lib/counter-messages';

// A booking not collected (docs/architecture.md §5 "After the booking"): offered from the pick-up time plus the
// supplier's grace (the server's `actions`); the confirmation names the supplier's rule — the prepaid amount kept, a
// fee charged, or everything refunded — before the car is freed.

export function NoShowButton({ booking }: { booking: CounterBooking }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const settings = useCounterSettings(booking.supplier._id);
  const confirmation = useConfirm();
  const [pending, setPending] = useState(false);
  const currency = booking.amounts.currency;
  const paidOnline = booking.status === 'paid' || booking.status === 'deposit' ? booking.amounts.payNow : 0;

  const ruleText = () => {
    const rule = settings.data?.noShowRule;
    if (!rule) return t('operatorCounter.noShow.ruleUnknown');
    const paid = formatMinor(paidOnline, currency, language);
    if (rule === 'fee')
      return t('operatorCounter.noShow.rule.fee', {
        fee: formatMinor(settings.data?.noShowFee ?? 0, BASE_CURRENCY, language),
        paid,
      });
    return t(`operatorCounter.noShow.rule.${rule}`, { paid });
  };

  const record = async () => {
    const yes = await confirmation.ask({
      title: t('operatorCounter.noShow.confirm', { reference: booking.reference }),
      description: ruleText(),
      confirmLabel: t('operatorCounter.noShow.record'),
      dismissLabel: t('operatorCounter.noShow.keep'),
    });
    if (!yes) return;
    setPending(true);
    try {
      const result = await recordNoShow(booking._id, '', language);
      counterBookingChanged(queryClient, result.booking, language);
      toast.success(
        result.rule === 'refund'
          ? t('operatorCounter.noShow.done.refund', { amount: formatMinor(result.refunded, currency, language) })
          : result.rule === 'fee'
            ? t('operatorCounter.noShow.done.fee', {
                fee: formatMinor(result.fee, currency, language),
                refunded: formatMinor(result.refunded, currency, language),
              })
            : t('operatorCounter.noShow.done.keep'),
      );
    } catch (error) {
      toast.error(refusalText(t, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="counter-no-show">
      {confirmation.dialog}
      <p className="form-field__hint">{t('operatorCounter.noShow.hint')}</p>
      {/* Not before the supplier's rule is read: the confirmation names it, and is not redrawn once open. */}
      <button
        type="button"
        className="button button--danger"
        disabled={pending || settings.isPending}
        onClick={() => void record()}
      >
        {t('operatorCounter.noShow.button')}
      </button>
    </div>
  );
}
