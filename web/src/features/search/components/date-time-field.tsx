import type { CalendarDate, Time } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  Text,
  TimeField,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { WallClockValue } from '../lib/rental-period';

interface DateTimeFieldProps {
  dateLabel: string;
  timeLabel: string;
  value: WallClockValue;
  onChange: (value: WallClockValue) => void;
  minDate?: CalendarDate | undefined;
  error?: string | undefined;
}

/** A date (typed segment by segment or picked in a calendar) and a time, localised by the surrounding I18nProvider. */
export function DateTimeField({ dateLabel, timeLabel, value, onChange, minDate, error }: DateTimeFieldProps) {
  const { t } = useTranslation();
  const invalid = Boolean(error);
  return (
    <div className="search-datetime">
      <DatePicker
        className="search-field search-field--date"
        value={value.date}
        onChange={(date) => onChange({ ...value, date })}
        minValue={minDate}
        isInvalid={invalid}
        shouldForceLeadingZeros
      >
        <Label className="search-field__label">{dateLabel}</Label>
        <Group className="search-field__control search-field__group">
          <DateInput className="search-field__segments">
            {(segment) => <DateSegment segment={segment} className="search-field__segment" />}
          </DateInput>
          <Button className="search-field__trigger" aria-label={t('search.form.openCalendar')}>
            <CalendarIcon />
          </Button>
        </Group>
        <Popover className="search-popover" placement="bottom start">
          <Dialog className="search-calendar-dialog" aria-label={dateLabel}>
            <Calendar className="search-calendar">
              <header className="search-calendar__header">
                <Button slot="previous" className="search-calendar__nav" aria-label={t('search.form.previousMonth')}>
                  ‹
                </Button>
                <Heading className="search-calendar__title" />
                <Button slot="next" className="search-calendar__nav" aria-label={t('search.form.nextMonth')}>
                  ›
                </Button>
              </header>
              <CalendarGrid className="search-calendar__grid">
                {(date) => <CalendarCell date={date} className="search-calendar__cell" />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </DatePicker>
      <TimeField
        className="search-field search-field--time"
        value={value.time}
        onChange={(time: Time | null) => onChange({ ...value, time })}
        isInvalid={invalid}
        shouldForceLeadingZeros
      >
        <Label className="search-field__label">{timeLabel}</Label>
        <DateInput className="search-field__control search-field__segments">
          {(segment) => <DateSegment segment={segment} className="search-field__segment" />}
        </DateInput>
      </TimeField>
      {error ? (
        <Text className="search-field__error search-datetime__error" role="alert">
          {error}
        </Text>
      ) : null}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}
