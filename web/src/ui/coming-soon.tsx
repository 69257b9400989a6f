import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './coming-soon.css';

/**
 * What the home page and the search say while no car can be booked yet (settings `bookable`), rather than
 * a search form that finds nothing. Its strings are the search area's (loaded on both screens).
 */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <h2 id="coming-soon-title" className="coming-soon__title">
        {t('search.comingSoon.title')}
      </h2>
      <p>{t('search.comingSoon.text')}</p>
      <p>
        <Link to="/contact">{t('search.comingSoon.contact')}</Link>
      </p>
    </section>
  );
}
