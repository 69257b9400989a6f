import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { defaultCriteriaFor } from '#web/lib/default-criteria';
import { useCountriesWithLocations, useLocations } from '#web/lib/locations';
import { toSearchParams } from '#web/lib/search-params';
import { useSettings } from '#web/lib/settings';
import { Page } from '#web/ui/page';
import { LocationHours } from './location-hours';
import './locations.css';

const LocationsMap = lazy(() => import('#web/ui/locations-map').then((m) => ({ default: m.LocationsMap })));

/** Every location, grouped by country, with a map (spec §2 /locations). */
export function LocationsScreen() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: countries } = useCountriesWithLocations();
  const { data: locations } = useLocations();
  return (
    <Page title={t('locations.title')} description={t('locations.description')}>
      <Suspense fallback={<div className="locations-map" />}>
        {locations ? (
          <LocationsMap
            locations={locations}
            label={t('locations.mapLabel')}
            tileUrl={settings.mapTileUrl}
            center={settings.map}
            zoom={settings.map.zoom}
          />
        ) : null}
      </Suspense>
      <div className="locations-page__countries">
        {countries?.map((country) => (
          <section key={country._id} className="locations-page__country" aria-labelledby={`country-${country._id}`}>
            <h2 id={`country-${country._id}`}>{country.name}</h2>
            <ul>
              {country.locations.map((location) => (
                <li key={location._id}>
                  <Link to={`/search?${toSearchParams(defaultCriteriaFor(location))}`}>{location.name}</Link>
                  {location.parentName ? (
                    <span className="locations-page__parent"> · {location.parentName}</span>
                  ) : null}
                  {location.openingHours ? <LocationHours hours={location.openingHours} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
}
