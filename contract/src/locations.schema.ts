import { z } from 'zod';
import { CSV_ENCODING, ImportRowSchema } from './fleet-import.schema.ts';
import { LanguageSchema } from './languages.schema.ts';
import { LANGUAGES, type Language } from './languages.ts';
import { isTimeZone, LOCATION_KINDS, PLACE_CSV_COLUMNS, PLACES_MESSAGES } from './locations.ts';
import { OpeningHoursSchema } from './opening-hours.schema.ts';
import { text } from './text.schema.ts';

// The schemas of locations and countries (their values, messages and types: locations.ts): the public list, the
// admin's editable places, and the locations import.

export const LocationKindSchema = z.enum(LOCATION_KINDS);

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
  /** IANA zone: pick-up and drop-off times are wall-clock times here (docs/architecture.md §5 "Time"). */
  timeZone: z.string(),
  /** The place's own opening hours; null: the booking rules' site-wide hours (opening-hours.ts). */
  openingHours: OpeningHoursSchema.nullable(),
});

/** `GET /api/locations?language=fr&q=par`: every location (child locations included) whose name contains `q`. */
export const LocationsQuerySchema = z.object({
  language: LanguageSchema.default('en'),
  q: text().max(100).optional(),
});

export const LanguageQuerySchema = z.object({ language: LanguageSchema.default('en') });

export const LocationListSchema = z.array(LocationSchema);

/** `GET /api/countries-with-locations`: destinations by country. */
export const CountryWithLocationsSchema = z.object({
  _id: z.uuid(),
  code: z.string().length(2),
  name: z.string(),
  locations: z.array(LocationSchema),
});
export const CountryWithLocationsListSchema = z.array(CountryWithLocationsSchema);

// --- The admin's places ----------------------------------------------------------------------------------

const name = text().min(1, { error: 'Please fill in the field: Name' }).max(100);
/** A name in each of the five languages, all required. */
export const LocalizedNamesSchema = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, name])) as Record<Language, typeof name>,
);

const address = z.union([text().max(300), z.null()]).transform((value) => (value === '' ? null : value));

const locationFields = {
  countryId: z.uuid(),
  /** The enclosing location (an airport's city), or null. */
  parentId: z.uuid().nullable(),
  names: LocalizedNamesSchema,
  kind: LocationKindSchema,
  address,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().trim().max(64).refine(isTimeZone, { error: PLACES_MESSAGES.badTimeZone }),
  /** The place's own opening hours; null: the booking rules' site-wide hours (opening-hours.ts). */
  openingHours: OpeningHoursSchema.nullable().default(null),
};

/** What the admin edits; `carCount` (cars offered there) is read only. */
export const EditableLocationSchema = z.object({
  _id: z.uuid(),
  ...locationFields,
  address: z.string().nullable(),
  openingHours: OpeningHoursSchema.nullable(),
  carCount: z.number().int(),
});

export const CreateLocationBodySchema = z.object(locationFields);

export const UpdateLocationBodySchema = z.object({
  _id: z.uuid(),
  countryId: locationFields.countryId.optional(),
  parentId: locationFields.parentId.optional(),
  names: LocalizedNamesSchema.partial().optional(),
  kind: locationFields.kind.optional(),
  address: address.optional(),
  latitude: locationFields.latitude.optional(),
  longitude: locationFields.longitude.optional(),
  timeZone: locationFields.timeZone.optional(),
  openingHours: OpeningHoursSchema.nullable().optional(),
});

const code = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'Two letters (ISO 3166-1).' })
  .transform((value) => value.toUpperCase());

export const EditableCountrySchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  names: LocalizedNamesSchema,
  /** Locations in it (read only). */
  locationCount: z.number().int(),
});

export const CreateCountryBodySchema = z.object({ code, names: LocalizedNamesSchema });
export const UpdateCountryBodySchema = z.object({
  _id: z.uuid(),
  code: code.optional(),
  names: LocalizedNamesSchema.partial().optional(),
});

/** `GET /api/admin-locations`: every country and location as the admin edits them. */
export const PlacesSchema = z.object({
  countries: z.array(EditableCountrySchema),
  locations: z.array(EditableLocationSchema),
});

export const DeletedSchema = z.object({ _id: z.uuid(), deleted: z.literal(true) });

// --- The locations import --------------------------------------------------------------------------------

export const LocationMappingSchema = z.partialRecord(z.enum(PLACE_CSV_COLUMNS), z.string().max(200));

/** `POST /api/import-locations/preview` and `POST /api/import-locations`: each row's place, its action and errors. */
export const LocationsImportReportSchema = z.object({
  headers: z.array(z.string()),
  mapping: LocationMappingSchema,
  rows: z.array(ImportRowSchema.omit({ licensePlate: true }).extend({ countryCode: z.string() })),
  valid: z.boolean(),
  imported: z.boolean(),
  encoding: CSV_ENCODING,
});
