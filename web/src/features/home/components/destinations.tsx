import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultCriteriaFor } from '#web/lib/default-criteria';
import { useCountriesWithLocations } from '#web/lib/locations';
import { toSearchParams } from '#web/lib/search-params';

/** Destinations by country (spec §2): each place opens a search there with the default dates. */
export function Destinations() {
  const { t } = useTranslation();
  const { data: countries } = useCountriesWithLocations();
  if (!countries) return null;
  return (
    <section className="home-section container" aria-labelledby="home-destinations-title">
      <h2 id="home-destinations-title" className="home-section__title">
        {t('home.destinations.title')}
      </h2>
      <div className="destinations">
        {countries.map((country) => (
          <div key={country._id} className="destinations__country">
            <h3 className="destinations__name">{country.name}</h3>
            <ul className="destinations__list">
              {country.locations
                .filter((location) => location.parentId === null)
                .map((location) => (
                  <li key={location._id}>
                    <Link to={`/search?${toSearchParams(defaultCriteriaFor(location))}`}>{location.name}</Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
