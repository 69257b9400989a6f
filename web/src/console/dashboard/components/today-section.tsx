import type { Dashboard } from '@roam/contract/dashboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '#web/i18n/formats';
import { DashScroll } from './dash-scroll';

/** Today at each place (issue #24 item 6): how many cars go out and come back, then each of them in time order. */
export function TodaySection({ today }: { today: Dashboard['today'] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  /** The time of a pick-up or drop-off at its place's clock. */
  const timeAt = (iso: string, timeZone: string) =>
    formats.date(new Date(iso), { hour: 'numeric', minute: '2-digit', timeZone });
  return (
    <section className="op-section" aria-labelledby="dash-today">
      <h2 id="dash-today" className="op-section__title">
        {t('operatorDashboard.today.title')}
      </h2>
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
            {today.movements.map((move) => (
              <li key={`${move.kind}-${move.bookingId}`} className="dash-moves__item">
                <span className="dash-moves__time">{timeAt(move.at, move.location.timeZone)}</span>{' '}
                <span className={`dash-moves__kind dash-moves__kind--${move.kind}`}>
                  {t(`operatorDashboard.today.${move.kind}`)}
                </span>{' '}
                <Link to={`/booking?b=${move.bookingId}`}>{move.reference}</Link>{' '}
                {t('operatorDashboard.today.moveDetails', {
                  car: move.carName,
                  driver: move.driverName,
                  place: move.location.name,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
