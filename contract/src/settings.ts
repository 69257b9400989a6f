import { z } from 'zod';
import { LanguageSchema } from './enums.ts';

/** Booking time rules shared by the search form and the server (spec §5 date messages). */
export const BOOKING_RULES = {
  minPickupLeadHours: 1,
  minRentalHours: 1,
  earliestHour: 7,
  latestHour: 22,
  minDriverAge: 21,
  minPasswordLength: 6,
  cancellationThresholdHours: 24,
  depositThresholds: [250, 500, 750],
  pageSize: { general: 30, cars: 15, bookings: 20, bookingsMobile: 10, notifications: 30 },
} as const;

/** The rental period rules of every deployment (spec §9 constants), as the settings give them to the screens. */
export const RENTAL_PERIOD_RULES = {
  minPickupLeadHours: BOOKING_RULES.minPickupLeadHours,
  minRentalHours: BOOKING_RULES.minRentalHours,
  earliestPickupHour: BOOKING_RULES.earliestHour,
  latestPickupHour: BOOKING_RULES.latestHour,
  earliestDropoffHour: BOOKING_RULES.earliestHour,
  latestDropoffHour: BOOKING_RULES.latestHour,
};

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
});
export type Settings = z.infer<typeof SettingsSchema>;

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type Health = z.infer<typeof HealthSchema>;
