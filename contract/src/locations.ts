import { z } from 'zod';
import { LOCATION_KINDS } from './console-enum-values.ts';
import { LanguageSchema } from './enums.ts';
import { text } from './text.ts';

// Locations and countries (issue #4). Names are given in the requested language (`?language=`), English when a
// translation is missing.

export { LOCATION_KINDS };
export const LocationKindSchema = z.enum(LOCATION_KINDS);
export type LocationKind = z.infer<typeof LocationKindSchema>;

export const LocationSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  kind: z.string(),
  countryId: z.uuid(),
  countryCode: z.string().length(2),
  countryName: z.string(),
  /** The enclosing location (an airport's city), or null. */
  parentId: z.uuid().nullable(),
  /** The parent's name, so an autocomplete can show "Orly Airport — Paris". */
  parentName: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** IANA zone: pick-up and drop-off times are wall-clock times here (ARCHITECTURE §5 Time). */
  timeZone: z.string(),
});
export type Location = z.infer<typeof LocationSchema>;

/** `GET /api/locations?language=fr&q=par`: every location (child locations included) whose name contains `q`. */
export const LocationsQuerySchema = z.object({
  language: LanguageSchema.default('en'),
  q: text().max(100).optional(),
});
export type LocationsQuery = z.infer<typeof LocationsQuerySchema>;

export const LanguageQuerySchema = z.object({ language: LanguageSchema.default('en') });

export const LocationListSchema = z.array(LocationSchema);

/** `GET /api/countries-with-locations`: destinations by country. */
export const CountryWithLocationsSchema = z.object({
  _id: z.uuid(),
  code: z.string().length(2),
  name: z.string(),
  locations: z.array(LocationSchema),
});
export type CountryWithLocations = z.infer<typeof CountryWithLocationsSchema>;
export const CountryWithLocationsListSchema = z.array(CountryWithLocationsSchema);
