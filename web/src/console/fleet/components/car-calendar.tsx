import type { CarBlock, CarCalendar } from '@roam/contract/car-blocks';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInZone, useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { holdsOn, monthWeeks } from '#web/console/lib/calendar';

/**
 * A month of the car at its place: a table of its days, each saying whether a booking or a blocked
 * period holds the car, then the bookings and blocks of the month in order, with their times at the place.
 */
export function CarCalendarMonth({
  month,
  calendar,
  onEditBlock,
  onRemoveBlock,
}: {
  month: string;
  calendar: CarCalendar;
  /** Without them (a role that may not change the fleet), the blocks are listed without their buttons. */
  onEditBlock?: ((block: CarBlock) => void) | undefined;
  onRemoveBlock?: ((blockId: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const formats = useFormats();
  const timeZone = calendar.car.timeZone;
  const weeks = monthWeeks(month);
  const title = formats.date(new Date(`${month}-15T12:00:00Z`), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  // Monday first: 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2024, 0, 1 + day)));
  const at = (iso: string) => formatInZone(iso, timeZone, language);
  return (
    <>
      <table className="op-calendar" aria-labelledby={`${id}-caption`}>
        <caption id={`${id}-caption`} className="op-calendar__caption">
          {title}
        </caption>
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th key={day.toISOString()} scope="col" abbr={formats.date(day, { weekday: 'long', timeZone: 'UTC' })}>
                {formats.date(day, { weekday: 'short', timeZone: 'UTC' })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, index) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell is its place in the week.
                if (!day) return <td key={`empty-${index}`} />;
                const holds = holdsOn(calendar, day, timeZone);
                const booked = holds.some((hold) => hold.kind === 'booking');
                const blocked = holds.some((hold) => hold.kind === 'block');
                return (
                  <td
                    key={day}
                    className={`op-calendar__day${booked ? ' is-booked' : ''}${blocked ? ' is-blocked' : ''}`}
                  >
                    <span className="op-calendar__number">{Number(day.slice(8))}</span>
                    {booked ? <span className="op-calendar__tag">{t('operatorCars.calendar.booked')}</span> : null}
                    {blocked ? (
                      <span className="op-calendar__tag op-calendar__tag--block">
                        {t('operatorCars.calendar.blocked')}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="op-calendar__list-title">{t('operatorCars.calendar.listTitle')}</h3>
      {calendar.bookings.length + calendar.blocks.length === 0 ? (
        <p className="op-section__hint">{t('operatorCars.calendar.empty')}</p>
      ) : (
        <ul className="op-holds">
          {calendar.bookings.map((booking) => (
            <li key={booking._id} className="op-hold">
              <span className="op-badge op-badge--booking">{t('operatorCars.calendar.booking')}</span>{' '}
              {t('operatorCars.calendar.period', { from: at(booking.pickupAt), to: at(booking.dropoffAt) })} ·{' '}
              {booking.driver.name}
              {booking.cancelRequest ? ` · ${t('operatorCars.calendar.cancelRequested')}` : ''}
            </li>
          ))}
          {calendar.blocks.map((block) => (
            <li key={block._id} className="op-hold">
              <span className="op-badge op-badge--block">{t(`operatorCars.blocks.reasons.${block.reason}`)}</span>{' '}
              {t('operatorCars.calendar.period', { from: at(block.startAt), to: at(block.endAt) })}
              {block.note ? ` · ${block.note}` : ''}{' '}
              {onEditBlock ? (
                <button type="button" className="link-button op-hold__remove" onClick={() => onEditBlock(block)}>
                  {t('operatorCars.blocks.edit', { period: at(block.startAt) })}
                </button>
              ) : null}{' '}
              {onRemoveBlock ? (
                <button type="button" className="link-button op-hold__remove" onClick={() => onRemoveBlock(block._id)}>
                  {t('operatorCars.blocks.remove', { period: at(block.startAt) })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
