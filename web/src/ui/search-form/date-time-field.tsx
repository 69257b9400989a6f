import { type CalendarDate, Time } from '@internationalized/date';
import { withinOpeningHours } from '@roam/contract/time';
import { type ComponentProps, lazy, Suspense, useId, useState } from 'react';
import { Button, Dialog, DialogTrigger, Popover, Text } from 'react-aria-components';
import { useFormats } from '#web/i18n/formats';
import { Icon, type IconProps } from '../icons';
import type { WallClockValue } from './rental-period';

interface DateTimeFieldProps {
  dateLabel: string;
  timeLabel: string;
  value: WallClockValue;
  onChange: (value: WallClockValue) => void;
  minDate?: CalendarDate | undefined;
  error?: string | undefined;
  /** The booking rules' opening hours at this place (whole hours, both included): the only times offered. */
  hours?: { earliest: number; latest: number } | undefined;
  /**
   * The place's own times that day, from the server (lib/opening-times.ts): offered instead of `hours`, the key
   * box's ones marked with `afterHoursLabel`.
   */
  times?: { open: readonly string[]; afterHours: readonly string[]; afterHoursLabel: string } | undefined;
}

// The calendar's code (react-aria's Calendar) loads as the driver reaches for a date button, not with the form.
// Once loaded it renders at once: React.lazy alone would suspend for a moment on every first open, and keys pressed
// in that moment would not reach the calendar.
let loadedCalendar: typeof import('./month-calendar').default | null = null;
const loadCalendar = () =>
  import('./month-calendar').then((module) => {
    loadedCalendar = module.default;
    return module;
  });
const LazyCalendar = lazy(loadCalendar);

/** Mounts with each opening and keeps, for that opening, the calendar it started with. */
function MonthCalendar(props: ComponentProps<typeof LazyCalendar>) {
  const [Calendar] = useState(() => loadedCalendar ?? LazyCalendar);
  return <Calendar {...props} />;
}

/** Pick-up and drop-off times offered, as on a rental counter's booking sheet: every half hour. */
const TIME_STEP_MINUTES = 30;
const TIMES = Array.from({ length: (24 * 60) / TIME_STEP_MINUTES }, (_, index) => {
  const minutes = index * TIME_STEP_MINUTES;
  return new Time(Math.floor(minutes / 60), minutes % 60);
});

/**
 * A date picked in react-aria's calendar (localised by the surrounding I18nProvider), shown on the button that
 * opens it, and a time chosen from a list, both written in the interface language. Not react-aria's DatePicker
 * with its typed segments: mounting four of those fields was the home page's largest blocking task on a phone
 * (bench/README.md). The calendar's code loads when the driver reaches for a date button, and mounts
 * when it opens.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const { dateLabel, timeLabel, value, onChange, minDate, error, hours, times: own } = props;
  const { date: format } = useFormats();
  const id = useId();
  const invalid = Boolean(error);
  // Wall-clock values without a zone: formatted as the same day and time in UTC.
  const dateText = value.date ? format(value.date.toDate('UTC'), { dateStyle: 'medium', timeZone: 'UTC' }) : '';
  const timeText = (time: Time) =>
    format(Date.UTC(2000, 0, 1, time.hour, time.minute), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const clock = (time: Time) => time.toString().slice(0, 5);
  const open = own
    ? TIMES.filter((time) => own.open.includes(clock(time)) || own.afterHours.includes(clock(time)))
    : hours
      ? TIMES.filter((time) => withinOpeningHours(time.hour * 60 + time.minute, hours.earliest, hours.latest))
      : TIMES;
  // A time from an address may fall between the steps or outside the hours: it is offered too, in its place (the
  // form's message then names the hours allowed).
  const chosen = value.time;
  const times =
    chosen && !open.some((time) => time.compare(chosen) === 0) ? [...open, chosen].sort((a, b) => a.compare(b)) : open;
  return (
    <div className="search-datetime">
      <div className="search-field search-field--date" data-invalid={invalid || undefined}>
        <span className="search-field__label" id={`${id}-label`}>
          {dateLabel}
        </span>
        <DialogTrigger>
          {/* Named by its label and the date it shows ("Pick-up date Nov 23, 2026"); it opens a dialog. */}
          <Button
            className="search-field__control search-field__date"
            aria-labelledby={`${id}-label ${id}-value`}
            onHoverStart={loadCalendar}
            onFocus={loadCalendar}
            onPressStart={loadCalendar}
          >
            <span className="search-field__value" id={`${id}-value`}>
              {dateText}
            </span>
            <CalendarIcon />
          </Button>
          <Popover className="search-popover" placement="bottom start">
            <Dialog className="search-calendar-dialog" aria-label={dateLabel}>
              {({ close }) => (
                <Suspense fallback={<div className="search-calendar--loading" />}>
                  <MonthCalendar
                    value={value.date}
                    minDate={minDate}
                    onChange={(date) => {
                      onChange({ ...value, date });
                      close();
                    }}
                  />
                </Suspense>
              )}
            </Dialog>
          </Popover>
        </DialogTrigger>
      </div>
      <div className="search-field search-field--time" data-invalid={invalid || undefined}>
        <label className="search-field__label" htmlFor={`${id}-time`}>
          {timeLabel}
        </label>
        <select
          id={`${id}-time`}
          className="text-field search-field__control"
          value={value.time?.toString() ?? ''}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            const [hour = 0, minute = 0] = event.target.value.split(':').map(Number);
            onChange({ ...value, time: new Time(hour, minute) });
          }}
        >
          {times.map((time) => (
            <option key={time.toString()} value={time.toString()}>
              {own?.afterHours.includes(clock(time)) ? `${timeText(time)} · ${own.afterHoursLabel}` : timeText(time)}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <Text id={`${id}-error`} className="search-field__error search-datetime__error" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

function CalendarIcon(props: IconProps) {
  return (
    <Icon size={18} {...props}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </Icon>
  );
}
