// Enumerations that in the web only the operator console (issues #23, #24) and its schemas use, as plain arrays
// without zod, like enum-values.ts. Not in enum-values.ts: that module is in the web's first download, and a value the
// console imports from it is exported from the entry chunk, and kept there, for the console's chunks: bytes on every
// customer route (ARCHITECTURE §7: the console adds 0; bench/ci.mjs compares the build with a build without the
// console). The languages too: the console's schemas make LanguageSchema of them, and the app's first download
// reads its languages from i18n/index.ts's LANGUAGE_NAMES. enums.ts re-exports these with the others.

export const USER_TYPES = ['admin', 'supplier', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** What a location is (issue #4); listed by the admin's location editor (issue #24). */
export const LOCATION_KINDS = ['city', 'airport', 'station'] as const;
export type LocationKindValue = (typeof LOCATION_KINDS)[number];

/** The places import's columns (issue #26 item 3; the format: places-import.ts), in the order its screen lists them. */
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
