import { z } from 'zod';
import { LANGUAGES } from './enums.ts';
import { LocationKindSchema } from './locations.ts';
import { text } from './text.ts';

// The admin's places (issue #24 item 3): countries and locations with their names in the five languages, a location's
// address, coordinates, IANA time zone, kind and parent. `GET /api/location/{id}` answers the admin this editable
// object; `POST /api/create-location` takes it without `_id`, `PUT /api/update-location` with `_id` and the fields to
// change (absent: unchanged, null: cleared). The same for countries.

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

const name = text().min(1, { error: 'Please fill in the field: Name' }).max(100);
/** A name in each of the five languages, all required. */
export const LocalizedNamesSchema = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, name])) as Record<(typeof LANGUAGES)[number], typeof name>,
);
export type LocalizedNames = z.infer<typeof LocalizedNamesSchema>;

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
};

/** What the admin edits; `carCount` (cars offered there) is read only. */
export const EditableLocationSchema = z.object({
  _id: z.uuid(),
  ...locationFields,
  address: z.string().nullable(),
  carCount: z.number().int(),
});
export type EditableLocation = z.infer<typeof EditableLocationSchema>;

export const CreateLocationBodySchema = z.object(locationFields);
export type CreateLocationBody = z.input<typeof CreateLocationBodySchema>;

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
});
export type UpdateLocationBody = z.input<typeof UpdateLocationBodySchema>;

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
export type EditableCountry = z.infer<typeof EditableCountrySchema>;

export const CreateCountryBodySchema = z.object({ code, names: LocalizedNamesSchema });
export type CreateCountryBody = z.input<typeof CreateCountryBodySchema>;
export const UpdateCountryBodySchema = z.object({
  _id: z.uuid(),
  code: code.optional(),
  names: LocalizedNamesSchema.partial().optional(),
});
export type UpdateCountryBody = z.input<typeof UpdateCountryBodySchema>;

/** `GET /api/admin-locations`: every country and location as the admin edits them. */
export const PlacesSchema = z.object({
  countries: z.array(EditableCountrySchema),
  locations: z.array(EditableLocationSchema),
});
export type Places = z.infer<typeof PlacesSchema>;

export const DeletedSchema = z.object({ _id: z.uuid(), deleted: z.literal(true) });
