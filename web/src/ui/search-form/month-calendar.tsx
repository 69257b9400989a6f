import type { CalendarDate } from '@internationalized/date';
import { Button, Calendar, CalendarCell, CalendarGrid, Heading } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

interface MonthCalendarProps {
  value: CalendarDate | null;
  minDate?: CalendarDate | undefined;
  onChange: (date: CalendarDate) => void;
}

/** The month grid a date button opens (react-aria's Calendar): its own chunk, loaded when the button is first used. */
export default function MonthCalendar({ value, minDate, onChange }: MonthCalendarProps) {
  const { t } = useTranslation();
  return (
    <Calendar className="search-calendar" value={value} minValue={minDate} autoFocus onChange={onChange}>
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
  );
}
