// Spec §3 enumerations as plain arrays and their types, without zod (issue #23): what the web imports. A module in
// the web's first download (this one, through settings, currencies, money, price…) must not hold a schema: a schema
// there that a lazily loaded form uses is kept in the first download with all of zod (+26 KB gzip on every customer
// route, ARCHITECTURE §7). The zod enums made from these arrays are in enums.ts; the database's enums (server
// db/schema.ts) are made from the same arrays. Values are the wire values; labels live in the locale files.

export const APP_TYPES = ['admin', 'frontend'] as const;
export type AppType = (typeof APP_TYPES)[number];

export const RECORD_KINDS = ['admin', 'supplier', 'user', 'car', 'location', 'country'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
