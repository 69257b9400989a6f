import type { Language } from '@roam/contract/languages';
import type { Location } from '@roam/contract/locations';
import { localeTag } from '#web/i18n/index';

/** Places grouped by country, each country and place in alphabetical order of the interface language. */
export function placesByCountry(locations: readonly Location[], language: Language): [string, Location[]][] {
  const collator = new Intl.Collator(localeTag(language));
  const countries = new Map<string, Location[]>();
  for (const location of locations)
    countries.set(location.countryName, [...(countries.get(location.countryName) ?? []), location]);
  return [...countries]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([country, places]) => [country, places.sort((a, b) => collator.compare(a.name, b.name))]);
}

/** A select's options: the places, by country. */
export function PlaceOptions({ locations, language }: { locations: readonly Location[]; language: Language }) {
  return placesByCountry(locations, language).map(([country, places]) => (
    <optgroup key={country} label={country}>
      {places.map((place) => (
        <option key={place._id} value={place._id}>
          {place.name}
        </option>
      ))}
    </optgroup>
  ));
}
