import { BOOKING_STATUSES, type BookingStatus } from '@roam/contract/bookings';
import { useTranslation } from 'react-i18next';
import { TextField } from '#web/ui/form-field';

interface BookingsFiltersProps {
  statuses: readonly BookingStatus[];
  onStatuses: (statuses: BookingStatus[]) => void;
  /** The first and last pick-up days shown (YYYY-MM-DD, or '' for no bound). */
  from: string;
  onFrom: (day: string) => void;
  to: string;
  onTo: (day: string) => void;
}

/** The list's filters (spec §2): statuses, and a range of pick-up days. */
export function BookingsFilters({ statuses, onStatuses, from, onFrom, to, onTo }: BookingsFiltersProps) {
  const { t } = useTranslation();
  const toggle = (status: BookingStatus, on: boolean) =>
    onStatuses(on ? [...statuses, status] : statuses.filter((s) => s !== status));
  const days = [
    ['from', from, onFrom],
    ['to', to, onTo],
  ] as const;
  return (
    <form
      className="bookings-filters"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('bookings.filters.title')}
    >
      <fieldset className="bookings-filters__statuses">
        <legend>{t('bookings.filters.status')}</legend>
        {BOOKING_STATUSES.map((status) => (
          <label key={status} className="bookings-filters__status">
            <input
              type="checkbox"
              checked={statuses.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />
            <span className={`status-badge status-badge--${status}`}>{t(`bookings.status.${status}`)}</span>
          </label>
        ))}
      </fieldset>
      <div className="bookings-filters__dates">
        {days.map(([name, value, onChange]) => (
          <TextField
            key={name}
            label={t(`bookings.filters.${name}`)}
            name={name}
            type="date"
            value={value}
            onChange={onChange}
          />
        ))}
      </div>
    </form>
  );
}
