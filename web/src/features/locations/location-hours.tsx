import { type OpeningHours, rangesText, WEEKDAYS } from '@roam/contract/opening-hours';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '#web/i18n';
import { useFormats } from '#web/i18n/formats';

/** A location's own opening hours as a driver reads them: each weekday's hours, the coming closures, the key box. */
export function LocationHours({ hours }: { hours: OpeningHours }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { date: format } = useFormats();
  const weekday = new Intl.DateTimeFormat(language === 'se' ? 'sv' : language, { weekday: 'short', timeZone: 'UTC' });
  const today = new Date().toISOString().slice(0, 10);
  const coming = hours.closures.filter((closure) => closure.date >= today).slice(0, 5);
  return (
    <details className="locations-page__hours">
      <summary>{t('locations.hours')}</summary>
      <dl>
        {WEEKDAYS.map((day, index) => (
          <div key={day}>
            {/* Monday 3 January 2000 onwards: the weekday's name in the interface language. */}
            <dt>{weekday.format(Date.UTC(2000, 0, 3 + index))}</dt>
            <dd>{hours.weekly[day].length > 0 ? rangesText(hours.weekly[day]) : t('locations.closed')}</dd>
          </div>
        ))}
      </dl>
      {coming.length > 0 ? (
        <p>
          {t('locations.closures')}{' '}
          {coming
            .map(
              (closure) =>
                `${format(Date.parse(closure.date), { dateStyle: 'medium', timeZone: 'UTC' })} (${closure.name})`,
            )
            .join(', ')}
        </p>
      ) : null}
      {hours.afterHours ? <p>{t('locations.keyBox')}</p> : null}
    </details>
  );
}
