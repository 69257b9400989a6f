import { BASE_CURRENCY } from '@roam/contract/currencies';
import type { Language } from '@roam/contract/languages';
import { toMajor, toMinor } from '@roam/contract/money';
import {
  type Closure,
  MAX_RANGES_PER_DAY,
  minuteOf,
  type OpeningHours,
  type TimeRange,
  WEEKDAYS,
  type Weekday,
} from '@roam/contract/opening-hours';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { api } from '#web/lib/api-client';
import { toast } from '#web/ui/toast';

// A location's own opening hours in its editor (contract opening-hours.ts): each weekday's ranges, the dated
// closures with their names (the country's public holidays added in one go from the server), and the key box after
// hours with its fee. Plain inputs and buttons, one per line at 360 px: every part is reached with the keyboard.

const OFFICE_DAY: TimeRange[] = [{ from: '08:00', to: '18:00' }];
/** Monday to Friday 08:00–18:00, Saturday morning: where a new set of hours starts. */
export const DEFAULT_HOURS: OpeningHours = {
  weekly: { mon: OFFICE_DAY, tue: OFFICE_DAY, wed: OFFICE_DAY, thu: OFFICE_DAY, fri: OFFICE_DAY, sat: [], sun: [] },
  closures: [],
  afterHours: null,
};

/** A new range starts an hour after the day's last one closes (ranges are apart) and runs to 23:30. */
const LAST_MINUTE = 23 * 60 + 30;
const nextStart = (ranges: readonly TimeRange[]) => {
  const last = ranges.at(-1);
  return last ? minuteOf(last.to) + 60 : 8 * 60;
};
const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Monday 3 January 2000 onwards: the weekday's name in the interface language. */
const dayName = (day: Weekday, language: Language) =>
  new Intl.DateTimeFormat(language === 'se' ? 'sv' : language, { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 3 + WEEKDAYS.indexOf(day)),
  );

export function HoursEditor({
  value,
  onChange,
  countryCode,
}: {
  value: OpeningHours | null;
  onChange: (hours: OpeningHours | null) => void;
  countryCode: string | undefined;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [year, setYear] = useState(() => new Date().getUTCFullYear() + 1);
  const hours = value ?? DEFAULT_HOURS;
  const setDay = (day: Weekday, ranges: TimeRange[]) =>
    onChange({ ...hours, weekly: { ...hours.weekly, [day]: ranges } });
  const setClosures = (closures: Closure[]) => onChange({ ...hours, closures });
  const addHolidays = async () => {
    if (!countryCode) return;
    try {
      const holidays = await api.get<Closure[]>(
        `/api/public-holidays?country=${countryCode}&year=${year}&language=${language}`,
      );
      const known = new Set(hours.closures.map((closure) => closure.date));
      const added = holidays.filter((holiday) => !known.has(holiday.date));
      setClosures([...hours.closures, ...added].sort((a, b) => a.date.localeCompare(b.date)));
      toast.success(t('operatorAdmin.hours.holidaysAdded', { count: added.length }));
    } catch {
      toast.error(t('operatorAdmin.error'));
    }
  };
  return (
    <fieldset className="admin-hours">
      <legend>{t('operatorAdmin.hours.title')}</legend>
      <label className="admin-hours__check">
        <input type="checkbox" checked={value !== null} onChange={(e) => onChange(e.target.checked ? hours : null)} />
        {t('operatorAdmin.hours.own')}
      </label>
      {value === null ? (
        <p>{t('operatorAdmin.hours.siteWide')}</p>
      ) : (
        <>
          {WEEKDAYS.map((day) => {
            const ranges = hours.weekly[day];
            const name = dayName(day, language);
            const set = (index: number, range: TimeRange) =>
              setDay(
                day,
                ranges.map((entry, i) => (i === index ? range : entry)),
              );
            return (
              <fieldset key={day} className="admin-hours__day">
                <legend className="admin-hours__name">{name}</legend>
                {ranges.length === 0 ? <span>{t('operatorAdmin.hours.closed')}</span> : null}
                {ranges.map((range, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a range is its place in the day's list.
                  <span key={index} className="admin-hours__range">
                    <input
                      type="time"
                      step={1800}
                      value={range.from}
                      aria-label={t('operatorAdmin.hours.opens', { day: name })}
                      onChange={(e) => set(index, { ...range, from: e.target.value })}
                    />
                    –
                    <input
                      type="time"
                      step={1800}
                      value={range.to}
                      aria-label={t('operatorAdmin.hours.closes', { day: name })}
                      onChange={(e) => set(index, { ...range, to: e.target.value })}
                    />
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => setDay(day, ranges.toSpliced(index, 1))}
                    >
                      {t('operatorAdmin.hours.remove')}
                    </button>
                  </span>
                ))}
                {ranges.length < MAX_RANGES_PER_DAY && nextStart(ranges) < LAST_MINUTE ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setDay(day, [...ranges, { from: clock(nextStart(ranges)), to: clock(LAST_MINUTE) }])}
                  >
                    {t('operatorAdmin.hours.addRange')}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
          <h3>{t('operatorAdmin.hours.closures')}</h3>
          <ul className="admin-hours__closures">
            {hours.closures.map((closure, index) => (
              <li key={closure.date}>
                <input
                  type="date"
                  value={closure.date}
                  aria-label={t('operatorAdmin.hours.closureDate')}
                  onChange={(e) =>
                    setClosures(hours.closures.map((c, i) => (i === index ? { ...c, date: e.target.value } : c)))
                  }
                />
                <input
                  type="text"
                  value={closure.name}
                  maxLength={100}
                  aria-label={t('operatorAdmin.hours.closureName', { date: closure.date })}
                  onChange={(e) =>
                    setClosures(hours.closures.map((c, i) => (i === index ? { ...c, name: e.target.value } : c)))
                  }
                />
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setClosures(hours.closures.toSpliced(index, 1))}
                >
                  {t('operatorAdmin.hours.remove')}
                </button>
              </li>
            ))}
          </ul>
          <div className="admin-hours__actions">
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                const last = hours.closures.at(-1)?.date;
                const next = new Date(last ? Date.parse(last) + 86_400_000 : Date.now()).toISOString().slice(0, 10);
                setClosures([...hours.closures, { date: next, name: t('operatorAdmin.hours.closedName') }]);
              }}
            >
              {t('operatorAdmin.hours.addClosure')}
            </button>
            <label>
              {t('operatorAdmin.hours.year')}
              <input
                type="number"
                min={2000}
                max={2199}
                value={year}
                onChange={(e) => setYear(Number(e.target.value))}
              />
            </label>
            <button type="button" className="button button--small" disabled={!countryCode} onClick={addHolidays}>
              {t('operatorAdmin.hours.addHolidays', { country: countryCode ?? '' })}
            </button>
          </div>
          <label className="admin-hours__check">
            <input
              type="checkbox"
              checked={hours.afterHours !== null}
              onChange={(e) => onChange({ ...hours, afterHours: e.target.checked ? { feeMinor: 0 } : null })}
            />
            {t('operatorAdmin.hours.keyBox')}
          </label>
          {hours.afterHours ? (
            <label>
              {t('operatorAdmin.hours.keyBoxFee', { currency: BASE_CURRENCY })}
              <input
                type="number"
                min={0}
                step={0.01}
                inputMode="decimal"
                value={toMajor(hours.afterHours.feeMinor, BASE_CURRENCY)}
                onChange={(e) =>
                  onChange({
                    ...hours,
                    afterHours: { feeMinor: Math.max(0, toMinor(Number(e.target.value), BASE_CURRENCY)) },
                  })
                }
              />
            </label>
          ) : null}
        </>
      )}
    </fieldset>
  );
}
