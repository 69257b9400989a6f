import { OPERATOR_STATUSES, type OperatorStatus } from '@roam/contract/bookings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';
import { toast } from '#web/ui/toast';
import { useUpdateBookingStatus } from '#web/features/bookings/api/bookings';

/** The counter's statuses are set through its own calls, one way, never by hand (docs/architecture.md §5). */
const SETTABLE = OPERATOR_STATUSES;

/**
 * The bulk 'New status' (spec §2), moved here from the driver's list: the selected bookings all change or none does
 * (a status that would hold a car over another booking is refused, 409).
 */
export function BulkStatus({ selected, onDone }: { selected: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<OperatorStatus | ''>('');
  const update = useUpdateBookingStatus();
  const apply = async () => {
    if (!status || selected.length === 0) return;
    try {
      const { count } = await update.mutateAsync({ ids: [...selected], status });
      toast.success(t('operatorBookings.bulk.done', { count }));
      onDone();
    } catch (error) {
      toast.error(
        isApiError(error) && error.code === 'CAR_UNAVAILABLE'
          ? t('operatorBookings.bulk.taken')
          : t('operatorBookings.bulk.error'),
      );
    }
  };
  return (
    <fieldset className="desk-bulk">
      <legend className="visually-hidden">{t('operatorBookings.bulk.label')}</legend>
      <span aria-live="polite">{t('operatorBookings.bulk.selected', { count: selected.length })}</span>
      <label htmlFor={`${id}-status`} className="visually-hidden">
        {t('operatorBookings.bulk.newStatus')}
      </label>
      <select
        id={`${id}-status`}
        className="text-field"
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as OperatorStatus | '')}
      >
        <option value="">{t('operatorBookings.bulk.newStatus')}</option>
        {SETTABLE.map((value) => (
          <option key={value} value={value}>
            {t(`operatorScheduler.status.${value}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={selected.length === 0 || !status || update.isPending}
        onClick={() => void apply()}
      >
        {t('operatorBookings.bulk.apply')}
      </button>
    </fieldset>
  );
}
