import type { OpeningTimes } from '@roam/contract/opening-hours';
import { withinOpeningHours } from '@roam/contract/time';
import { useTranslation } from 'react-i18next';
import { closedReason, useOpeningTimes } from '#web/lib/opening-times';
import { useSettings } from '#web/lib/settings';
import { SelectField, TextField } from '#web/ui/form-field';

// The walk-in's pick-up and drop-off: a date, and a time among those the place takes that day — its own opening
// hours from `GET /api/opening-times` (the key box's marked), else the booking rules' hours — as the customer's
// pickers offer them (web ui/search-form). A time no longer offered (the date changed) stays listed, refused with
// the hours of that day.

export type Period = { pickupDate: string; pickupTime: string; dropoffDate: string; dropoffTime: string };
type End = 'pickup' | 'dropoff';

/** Every half hour of a day, 'HH:mm'. */
const HALF_HOURS = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The times offered at each end, and why a chosen one is refused (translated), or undefined. */
export function usePeriodTimes(place: string, period: Period) {
  const { t } = useTranslation();
  const settings = useSettings();
  const times = {
    pickup: useOpeningTimes(place || undefined, period.pickupDate || undefined),
    dropoff: useOpeningTimes(place || undefined, period.dropoffDate || undefined),
  };
  const rules = {
    pickup: [settings.earliestPickupHour, settings.latestPickupHour],
    dropoff: [settings.earliestDropoffHour, settings.latestDropoffHour],
  } as const;
  const offered = (end: End) => {
    const own: OpeningTimes | undefined = times[end];
    if (own?.ownHours) return HALF_HOURS.filter((time) => own.open.includes(time) || own.afterHours.includes(time));
    const [from, to] = rules[end];
    return HALF_HOURS.filter((time) => withinOpeningHours(minuteOf(time), from, to));
  };
  const refusal = (end: End): string | undefined => {
    const chosen = period[`${end}Time`];
    if (!place || !chosen) return undefined;
    const own = times[end];
    if (own?.ownHours) {
      const reason = closedReason(own, chosen);
      if (!reason) return undefined;
      if (reason.key === 'closedOn') return t('operatorWalkIn.closedOn', { name: reason.name });
      return reason.key === 'closedAt'
        ? t('operatorWalkIn.closedAt', { hours: reason.hours })
        : t('operatorWalkIn.closedDay');
    }
    const [from, to] = rules[end];
    if (withinOpeningHours(minuteOf(chosen), from, to)) return undefined;
    return t('operatorWalkIn.closedAt', { hours: `${hourText(from)}–${hourText(to)}` });
  };
  return { times, offered, refusal };
}

export function PeriodFields({
  period,
  onChange,
  times,
  errors,
}: {
  period: Period;
  onChange: (period: Period) => void;
  times: ReturnType<typeof usePeriodTimes>;
  errors: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  return (['pickup', 'dropoff'] as const).map((end) => {
    const chosen = period[`${end}Time`];
    const offered = times.offered(end);
    const listed = chosen && !offered.includes(chosen) ? [...offered, chosen].sort() : offered;
    const keyBox = times.times[end]?.afterHours ?? [];
    return (
      <div key={end} className="walk-in__row">
        <TextField
          label={t(`operatorWalkIn.${end}Date`)}
          name={`${end}Date`}
          type="date"
          value={period[`${end}Date`]}
          onChange={(value) => onChange({ ...period, [`${end}Date`]: value })}
          error={errors[`${end}At`]}
          required
        />
        <SelectField
          label={t(`operatorWalkIn.${end}Time`)}
          name={`${end}Time`}
          value={chosen}
          onChange={(value) => onChange({ ...period, [`${end}Time`]: value })}
          error={errors[`${end}Time`]}
          required
        >
          {listed.map((time) => (
            <option key={time} value={time}>
              {keyBox.includes(time) ? `${time} · ${t('operatorWalkIn.keyBox')}` : time}
            </option>
          ))}
        </SelectField>
      </div>
    );
  });
}
