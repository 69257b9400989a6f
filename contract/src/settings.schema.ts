import { z } from 'zod';
import { LanguageSchema } from './languages.schema.ts';

/** `GET /api/settings`: everything the front end needs to know about this deployment. */
export const SettingsSchema = z.object({
  websiteName: z.string(),
  contactEmail: z.string(),
  defaultLanguage: LanguageSchema,
  languages: z.array(LanguageSchema),
  setLanguageFromIp: z.boolean(),
  hideSuppliers: z.boolean(),
  /** Search results: infinite scroll instead of the classic pager (spec §9 default: classic). */
  infiniteScroll: z.boolean(),
  baseCurrency: z.string().length(3),
  minPickupLeadHours: z.number().int().nonnegative(),
  minRentalHours: z.number().int().positive(),
  maxRentalDays: z.number().int().positive(),
  earliestPickupHour: z.number().int().min(0).max(23),
  latestPickupHour: z.number().int().min(0).max(23),
  earliestDropoffHour: z.number().int().min(0).max(23),
  latestDropoffHour: z.number().int().min(0).max(23),
  minDriverAge: z.number().int().positive(),
  holdMinutes: z.number().int().positive(),
  mapTileUrl: z.string(),
  map: z.object({ latitude: z.number(), longitude: z.number(), zoom: z.number() }),
  payment: z.object({
    /** Null: no card is taken (production without a card provider); online payment then needs the wallet. */
    card: z.enum(['demo', 'stripe']).nullable(),
    wallet: z.boolean(),
    stripePublishableKey: z.string().nullable(),
    paypalClientId: z.string().nullable(),
    /** The wallet provider's browser SDK (its sandbox or live script; a local one in tests). */
    paypalSdkUrl: z.string(),
  }),
  recaptchaSiteKey: z.string().nullable(),
  /** Analytics (spec §9) measurement id; null means no analytics and no consent banner. */
  analyticsId: z.string().nullable(),
  social: z.object({ google: z.string().nullable(), facebook: z.string().nullable(), apple: z.string().nullable() }),
  /** The providers' browser SDKs (their own scripts; local ones in tests). */
  socialSdkUrls: z.object({ google: z.string(), facebook: z.string(), apple: z.string() }),
  /** A car can be booked: until one can, the home page and search say "coming soon". */
  bookable: z.boolean(),
});

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/**
 * `GET /api/country-code` answer (spec §7): the visitor's ISO 3166-1 alpha-2 country, upper case, or null when
 * the deployment does not know it (no `COUNTRY_HEADER`, or the proxy sent none or a placeholder).
 */
export const CountryCodeSchema = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
});
