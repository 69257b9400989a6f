import type { Location } from '@roam/contract/locations';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocations } from '#web/lib/locations';
import { useSettings } from '#web/lib/settings';
import { WhenVisible } from '#web/ui/when-visible';

const LocationsMap = lazy(() => import('#web/ui/locations-map').then((m) => ({ default: m.LocationsMap })));

/** The map of locations (spec §2); choosing a marker selects the pick-up place of the form above. */
export function HomeMap({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (location: Location) => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: locations } = useLocations();
  return (
    <section className="home-section container" aria-labelledby="home-map-title">
      <h2 id="home-map-title" className="home-section__title">
        {t('home.map.title')}
      </h2>
      <p className="home-section__lead">{t('home.map.lead')}</p>
      <WhenVisible placeholder={<div className="locations-map" />}>
        <Suspense fallback={<div className="locations-map" />}>
          {locations ? (
            <LocationsMap
              locations={locations}
              label={t('home.map.label')}
              tileUrl={settings.mapTileUrl}
              center={settings.map}
              zoom={settings.map.zoom}
              selectedId={selectedId}
              onSelect={onSelect}
              selectLabel={(location) => t('home.map.choose', { name: location.name })}
            />
          ) : (
            <div className="locations-map" />
          )}
        </Suspense>
      </WhenVisible>
    </section>
  );
}
