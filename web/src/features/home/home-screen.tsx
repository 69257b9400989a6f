import type { Location } from '@roam/contract/locations';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { importWithStrings } from '#web/i18n/index';
import { toSearchParams } from '#web/lib/search-params';
import { useSettings } from '#web/lib/settings';
import { ComingSoon } from '#web/ui/coming-soon';
import { SearchFormSkeleton } from '#web/ui/search-form/search-form-skeleton';
import { useDocumentTitle } from '#web/ui/use-document-title';
import { WhenVisible } from '#web/ui/when-visible';
import { HomeHero } from './components/home-hero';
import { HomeMap } from './components/home-map';
import { PromiseList } from './components/promise-list';
import './home.css';

// The form brings react-aria-components: its own chunk, so the hero paints first (docs/architecture.md §7).
const SearchForm = lazy(() => import('#web/ui/search-form/search-form').then((m) => ({ default: m.SearchForm })));
// Destinations, car sizes (with their prices) and supplier logos are below the fold: their code, data and strings
// load as the visitor scrolls towards them, like the map.
const HomeMore = lazy(() =>
  importWithStrings('features/home/components/home-more', () => import('./components/home-more')).then((m) => ({
    default: m.HomeMore,
  })),
);

/**
 * The home page (spec §2 "/"): the hero with the search form, the map of locations, destinations by country, car
 * sizes, supplier logos, and the six promises of spec §1.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  const navigate = useNavigate();
  const [pickupLocationId, setPickupLocationId] = useState<string | null>(null);
  // No car can be booked yet: "coming soon" instead of a form, a map and destinations that find nothing.
  const { bookable } = useSettings();
  if (!bookable) {
    return (
      <div className="home">
        <HomeHero>
          <ComingSoon />
        </HomeHero>
        <PromiseList />
      </div>
    );
  }

  const chooseOnMap = (location: Location) => {
    setPickupLocationId(location._id);
    document.getElementById('home-hero-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="home">
      <HomeHero>
        <Suspense fallback={<SearchFormSkeleton />}>
          <SearchForm
            pickupLocationId={pickupLocationId}
            onPickupLocationChange={setPickupLocationId}
            onSearch={(criteria) => navigate(`/search?${toSearchParams(criteria)}`)}
          />
        </Suspense>
      </HomeHero>
      <HomeMap selectedId={pickupLocationId} onSelect={chooseOnMap} />
      <WhenVisible placeholder={<div className="home-more-placeholder" />} idle>
        <Suspense fallback={<div className="home-more-placeholder" />}>
          <HomeMore />
        </Suspense>
      </WhenVisible>
      <PromiseList />
    </div>
  );
}
