import type { z } from 'zod';
import type {
  CountryWithLocationsSchema,
  CreateCountryBodySchema,
  CreateLocationBodySchema,
  EditableCountrySchema,
  EditableLocationSchema,
  LocalizedNamesSchema,
  LocationMappingSchema,
  LocationSchema,
  LocationsImportReportSchema,
  LocationsQuerySchema,
  PlacesSchema,
  UpdateCountryBodySchema,
  UpdateLocationBodySchema,
} from './locations.schema.ts';

// Locations and countries: a place to pick up or drop off a car, in a country. Names are given in the requested
// language (`?language=`), English when a translation is missing. The admin edits both: every country and location
// with its names in the five languages, a location's address, coordinates, IANA time zone, kind and parent
// (`GET /api/location/{id}` answers the admin this editable object; `POST /api/create-location` takes it without
// `_id`, `PUT /api/update-location` with `_id` and the fields to change — absent: unchanged, null: cleared; the same
// for countries), and imports them from one CSV, a location per row with its country, mapped and checked row by row
// with the editor's rules and written all-or-nothing like the fleet's. Natural keys: a country by its ISO code, a
// location by its English name within its country — a row naming a place that exists updates it (only the mapped,
// non-empty cells), so the same file twice changes nothing. The schemas are in locations.schema.ts.

/** What a location is; listed by the admin's location editor. */
export const LOCATION_KINDS = ['city', 'airport', 'station'] as const;
export type LocationKindValue = (typeof LOCATION_KINDS)[number];
/** What a location is (the admin's editor's choices). */
export type LocationKind = LocationKindValue;

export const PLACES_MESSAGES = {
  locationInUse: 'This location is used by a car or a booking and cannot be deleted.',
  locationHasChildren: 'This location has locations inside it and cannot be deleted.',
  countryInUse: 'This country has locations and cannot be deleted.',
  badTimeZone: 'Choose a time zone from the list.',
  badParent: 'A location cannot be inside itself or one of its own locations.',
  codeTaken: 'This country code is already used.',
  unknownCountry: 'This country does not exist.',
  unknownParent: 'This location does not exist.',
} as const;

/** Whether `zone` is an IANA time zone this runtime knows (the web offers `Intl.supportedValuesOf('timeZone')`). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z]+(?:[/_+-][A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The locations import's columns, in the order its screen lists them. */
export const PLACE_CSV_COLUMNS = [
  'countryCode',
  'countryEn',
  'countryFr',
  'countryEs',
  'countrySe',
  'countryDe',
  'nameEn',
  'nameFr',
  'nameEs',
  'nameSe',
  'nameDe',
  'kind',
  'address',
  'latitude',
  'longitude',
  'timeZone',
] as const;
export type PlaceCsvColumn = (typeof PLACE_CSV_COLUMNS)[number];

export const LOCATIONS_IMPORT_MESSAGES = {
  noRows: 'The file has no place rows.',
  duplicate: (row: number) => `This place is already on row ${row} of the file.`,
  notNumber: 'Please enter a number.',
} as const;

export type Location = z.infer<typeof LocationSchema>;
export type LocationsQuery = z.infer<typeof LocationsQuerySchema>;
export type CountryWithLocations = z.infer<typeof CountryWithLocationsSchema>;
export type LocalizedNames = z.infer<typeof LocalizedNamesSchema>;
export type EditableLocation = z.infer<typeof EditableLocationSchema>;
export type CreateLocationBody = z.input<typeof CreateLocationBodySchema>;
export type UpdateLocationBody = z.input<typeof UpdateLocationBodySchema>;
export type EditableCountry = z.infer<typeof EditableCountrySchema>;
export type CreateCountryBody = z.input<typeof CreateCountryBodySchema>;
export type UpdateCountryBody = z.input<typeof UpdateCountryBodySchema>;
export type Places = z.infer<typeof PlacesSchema>;
export type LocationMapping = z.infer<typeof LocationMappingSchema>;
export type LocationsImportReport = z.infer<typeof LocationsImportReportSchema>;
