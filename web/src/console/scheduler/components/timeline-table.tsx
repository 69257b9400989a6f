import { CONFIRMED_STATUSES } from '@roam/contract/counter';
import type { SchedulerPage } from '@roam/contract/scheduler';
import { instantToZoned } from '@roam/contract/time';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInZone, useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { checkOutPath, returnPath } from '#web/console/lib/counter-links';
import { usePermissions } from '#web/console/team/api/team';
import { type Bar, daysFrom, rowCells } from '../timeline';

interface TimelineTableProps {
  page: SchedulerPage;
  from: string;
  days: number;
  showSupplier: boolean;
  /** The previous choice's rows stand in while the new ones load. */
  busy: boolean;
}

/**
 * A bar: the booking (or blocked period) it stands for, its status in words and a pattern, not colour alone (WCAG
 * 1.4.1); and, for a booking to hand over from today, its check-out.
 */
function BarLink({ bar, carId, timeZone }: { bar: Bar; carId: string; timeZone: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // The counter's screens are for the roles that check cars out; an accountant or support opens the booking.
  const mayCounter = usePermissions().has('counter');
  const when = (start: string, end: string) =>
    t('operatorScheduler.bar.period', {
      from: formatInZone(start, timeZone, language),
      to: formatInZone(end, timeZone, language),
    });
  if (bar.kind === 'block') {
    const { block } = bar;
    return (
      <Link to={`/operator/cars/${carId}/availability`} className="sched-bar sched-bar--block">
        <span className="sched-bar__label">{t(`operatorScheduler.block.${block.reason}`)}</span>
        <span className="visually-hidden">, {when(block.startAt, block.endAt)}</span>
      </Link>
    );
  }
  const { booking } = bar;
  // A car out (on rent, or taken back) opens at the counter's return; the others open the booking.
  const counter =
    mayCounter && (booking.status === 'on_rent' || booking.status === 'returned' || booking.status === 'closed');
  // A confirmed booking whose pick-up day has come at the place (the dashboard's today's pick-ups, and those not yet
  // collected) also offers its check-out beside the bar.
  const today = instantToZoned(new Date(), timeZone).date;
  const checkOut =
    mayCounter &&
    (CONFIRMED_STATUSES as readonly string[]).includes(booking.status) &&
    instantToZoned(new Date(booking.pickupAt), timeZone).date <= today;
  const link = (
    <Link
      to={counter ? returnPath(booking._id) : `/operator/bookings/${booking._id}`}
      className={`sched-bar sched-bar--${booking.status}${booking.overdue ? ' sched-bar--overdue' : ''}`}
    >
      <span className="sched-bar__label">
        {booking.reference} ·{' '}
        {booking.overdue ? t('operatorScheduler.overdue') : t(`operatorScheduler.status.${booking.status}`)}
      </span>
      <span className="visually-hidden">
        , {booking.driverName}, {when(booking.pickupAt, booking.dropoffAt)}
        {booking.overdue ? `, ${t('operatorScheduler.bar.overdue')}` : ''}
        {booking.cancelRequest ? `, ${t('operatorScheduler.bar.cancelRequested')}` : ''}
      </span>
    </Link>
  );
  if (!checkOut) return link;
  return (
    <>
      {link}
      <Link to={checkOutPath(booking._id)} className="sched-bar__check-out">
        {t('operatorScheduler.bar.checkOut')} <span className="visually-hidden">{booking.reference}</span>
      </Link>
    </>
  );
}

/**
 * The timeline as a table: a car per row (its header), a day per column (at the place's clock), and
 * each bar a cell spanning its days, so that a screen reader names the car and the days of every bar. It scrolls
 * sideways inside its region on a narrow screen, the car column staying in view.
 */
export function TimelineTable({ page, from, days, showSupplier, busy }: TimelineTableProps) {
  const { t } = useTranslation();
  const formats = useFormats();
  const dates = daysFrom(from, days);
  const { timeZone } = page.location;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard (axe scrollable-region-focusable)
    <section className="sched-scroll" aria-labelledby="sched-caption" aria-busy={busy} tabIndex={0}>
      <table className="sched-table" style={{ ['--sched-days' as string]: days }}>
        <caption id="sched-caption" className="visually-hidden">
          {t('operatorScheduler.caption', { place: page.location.name, timeZone })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="sched-table__car">
              {t('operatorScheduler.car')}
            </th>
            {dates.map((date) => {
              const day = new Date(`${date}T12:00:00Z`);
              return (
                <th key={date} scope="col" className="sched-table__day">
                  <abbr title={formats.date(day, { dateStyle: 'full', timeZone: 'UTC' })}>
                    {formats.date(day, { weekday: 'short', timeZone: 'UTC' })}
                    <br />
                    {formats.date(day, { day: 'numeric', month: 'numeric', timeZone: 'UTC' })}
                  </abbr>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.car._id}>
              <th scope="row" className="sched-table__car">
                <Link to={`/operator/cars/${row.car._id}/availability`}>{row.car.name}</Link>
                <span className="sched-table__plate">
                  {[row.car.licensePlate, showSupplier ? row.car.supplier.name : null].filter(Boolean).join(' · ')}
                </span>
              </th>
              {rowCells(row, from, days, timeZone).flatMap((cell) =>
                cell.bars.length === 0
                  ? dates
                      .slice(cell.start, cell.start + cell.span)
                      .map((date) => <td key={date} className="sched-table__free" />)
                  : [
                      <td key={dates[cell.start]} colSpan={cell.span} className="sched-table__held">
                        {cell.bars.map((bar) => (
                          <BarLink
                            key={bar.kind === 'booking' ? bar.booking._id : bar.block._id}
                            bar={bar}
                            carId={row.car._id}
                            timeZone={timeZone}
                          />
                        ))}
                      </td>,
                    ],
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
