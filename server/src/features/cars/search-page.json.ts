import type { AvailabilityLabel, Car, CarPrice, SearchCarsResponse } from '@roam/contract/cars';

/** One page of the car search as the service finds it: each result keeps the fleet's own car object. */
export type SearchPage = {
  results: { car: Car; price: CarPrice; availability: AvailabilityLabel; bookable: boolean }[];
  totalCount: number;
  supplierCounts: SearchCarsResponse['supplierCounts'];
};

/**
 * Each car's JSON without its closing brace, written the first time the car is on a page. The index's cars are
 * never changed in place (a change to a car or its supplier loads a new fleet of new objects), so an entry stays
 * true as long as its car object. At most JSON_KEPT cars' (~1 KB each), the oldest written going first: at 100k cars
 * every car's would be ~120 MB per process (docs/decisions/0005-in-memory-search-index.md), while pages show the same
 * few thousand most of the time.
 */
const JSON_KEPT = 4096;
const openCarJson = new Map<Car, string>();

function carJsonOf(car: Car): string {
  let json = openCarJson.get(car);
  if (json === undefined) {
    json = JSON.stringify(car).slice(0, -1);
    if (openCarJson.size >= JSON_KEPT) {
      const oldest = openCarJson.keys().next().value;
      if (oldest) openCarJson.delete(oldest);
    }
    openCarJson.set(car, json);
  }
  return json;
}

/**
 * The search answer (SearchCarsResponse) as JSON, byte for byte what `JSON.stringify` writes for the results
 * `{ ...car, price, availability, bookable }`, without copying and re-writing fifteen ~1 KB cars per search: the
 * busiest call's last third of its time. The cars tests check every answer against the response schema.
 */
export function searchPageJson({ results, totalCount, supplierCounts }: SearchPage): string {
  const cars = results.map(
    ({ car, price, availability, bookable }) =>
      `${carJsonOf(car)},"price":${JSON.stringify(price)},"availability":${JSON.stringify(availability)},"bookable":${bookable}}`,
  );
  return `{"results":[${cars.join(',')}],"totalCount":${totalCount},"supplierCounts":${JSON.stringify(supplierCounts)}}`;
}
