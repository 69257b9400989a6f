import type { BookingStatus } from '@roam/contract/bookings';
import { CONFIRMED_STATUSES } from '@roam/contract/counter';
import type { Dashboard, Movement } from '@roam/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatInZone, useFormats } from '#web/i18n/formats';
import { useLanguage } from '#web/i18n/index';
import { checkOutPath, returnPath } from '#web/console/lib/counter-links';
import { usePermissions } from '#web/console/team/api/team';
import { DashScroll } from './dash-scroll';

const confirmed = (status: BookingStatus) => (CONFIRMED_STATUSES as readonly BookingStatus[]).includes(status);

/** Where a movement stands at the counter: a pick-up waiting, checked in online or on rent; a return due or done. */
function stateOf(move: Movement): 'waiting' | 'checkedIn' | 'onRent' | 'dueBack' | 'overdue' | 'returned' | null {
  if (move.kind === 'pickup') {
    if (move.status === 'on_rent') return 'onRent';
    if (move.status === 'returned' || move.status === 'closed') return 'returned';
    if (confirmed(move.status)) return move.checkedInAt ? 'checkedIn' : 'waiting';
    return null;
  }
  if (move.overdue) return 'overdue';
  if (move.status === 'on_rent') return 'dueBack';
  if (move.status === 'returned' || move.status === 'closed') return 'returned';
  return null;
}

/** The counter's work on a movement, as a link: check the car out, take it back. */
function CounterLink({ move }: { move: Movement }) {
  const { t } = useTranslation();
  // An accountant reads the day; the counter's screens are for the roles that check cars out (contract team.ts).
  if (!usePermissions().has('counter')) return null;
  if (move.kind === 'pickup' && confirmed(move.status))
    return (
      <Link className="button dash-moves__action" to={checkOutPath(move.bookingId)}>
        {t('operatorDashboard.today.checkOut', { reference: move.reference })}
      </Link>
    );
  if (move.kind === 'dropoff' && move.status === 'on_rent')
    return (
      <Link className="button dash-moves__action" to={returnPath(move.bookingId)}>
        {t('operatorDashboard.today.takeBack', { reference: move.reference })}
      </Link>
    );
  return null;
}

/**
 * Today at each place: how many cars go out and come back, then each of them in time order, where
 * it stands at the counter and the counter's next step; and every car on rent past its drop-off, at its place's clock
 * (docs/architecture.md §5 "After the booking"), in red with a hatch and the word — not colour alone.
 */
export function TodaySection({ today }: { today: Dashboard['today'] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const language = useLanguage();
  /** The time of a pick-up or drop-off at its place's clock. */
  const timeAt = (iso: string, timeZone: string) =>
    formats.date(new Date(iso), { hour: 'numeric', minute: '2-digit', timeZone });
  const details = (move: Movement) =>
    t('operatorDashboard.today.moveDetails', { car: move.carName, driver: move.driverName, place: move.location.name });
  return (
    <section className="op-section" aria-labelledby="dash-today">
      <h2 id="dash-today" className="op-section__title">
        {t('operatorDashboard.today.title')}
      </h2>
      {today.overdue.length > 0 ? (
        <section className="dash-overdue" aria-labelledby="dash-overdue">
          <h3 id="dash-overdue" className="dash__subtitle">
            {t('operatorDashboard.today.overdueTitle', { count: today.overdue.length })}
          </h3>
          <ul className="dash-moves">
            {today.overdue.map((move) => (
              <li key={move.bookingId} className="dash-moves__item dash-moves__item--overdue">
                <span className="dash-moves__state dash-moves__state--overdue">
                  {t('operatorDashboard.state.overdue')}
                </span>{' '}
                <Link to={`/booking?b=${move.bookingId}`}>{move.reference}</Link> {details(move)}{' '}
                <span className="dash-moves__due">
                  {t('operatorDashboard.today.dueAt', { at: formatInZone(move.at, move.location.timeZone, language) })}
                </span>{' '}
                <CounterLink move={move} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {today.places.length === 0 ? (
        <p className="dash__hint">{t('operatorDashboard.today.none')}</p>
      ) : (
        <>
          <DashScroll label={t('operatorDashboard.today.byPlace')}>
            <table className="dash-table">
              <caption className="visually-hidden">{t('operatorDashboard.today.byPlace')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('operatorDashboard.today.place')}</th>
                  <th scope="col" className="dash-table__number">
                    {t('operatorDashboard.today.pickups')}
                  </th>
                  <th scope="col" className="dash-table__number">
                    {t('operatorDashboard.today.dropoffs')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {today.places.map((place) => (
                  <tr key={place.location._id}>
                    <th scope="row">
                      {place.location.name}
                      <span className="dash-table__note">
                        {t('operatorDashboard.today.dateAt', {
                          date: formats.date(new Date(`${place.date}T12:00:00Z`), {
                            dateStyle: 'medium',
                            timeZone: 'UTC',
                          }),
                          timeZone: place.location.timeZone,
                        })}
                      </span>
                    </th>
                    <td className="dash-table__number">{place.pickups}</td>
                    <td className="dash-table__number">{place.dropoffs}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DashScroll>
          <h3 className="dash__subtitle">{t('operatorDashboard.today.movements')}</h3>
          <ul className="dash-moves">
            {today.movements.map((move) => {
              const state = stateOf(move);
              return (
                <li
                  key={`${move.kind}-${move.bookingId}`}
                  className={`dash-moves__item${state === 'overdue' ? ' dash-moves__item--overdue' : ''}`}
                >
                  <span className="dash-moves__time">{timeAt(move.at, move.location.timeZone)}</span>{' '}
                  <span className={`dash-moves__kind dash-moves__kind--${move.kind}`}>
                    {t(`operatorDashboard.today.${move.kind}`)}
                  </span>{' '}
                  <Link to={`/operator/bookings/${move.bookingId}`}>{move.reference}</Link> {details(move)}{' '}
                  {state ? (
                    <span className={`dash-moves__state dash-moves__state--${state}`}>
                      {t(`operatorDashboard.state.${state}`)}
                    </span>
                  ) : (
                    <span className="dash-moves__state">{t(`operatorScheduler.status.${move.status}`)}</span>
                  )}{' '}
                  <CounterLink move={move} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
