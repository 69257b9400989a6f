import { BOOKING_RULES, RENTAL_PERIOD_RULES } from '@roam/contract/booking-rules';
import type { Settings } from '@roam/contract/settings';
import { type Config, cardGateway } from '#server/config.ts';

/** What of the settings is fixed per deployment: all but whether a car can be booked. */
export type DeploymentSettings = Omit<Settings, 'bookable'>;

/** The settings object of spec §3, derived once from configuration (`bookable` is added per answer). */
export function buildSettings(config: Config): DeploymentSettings {
  return {
    websiteName: config.WEBSITE_NAME,
    contactEmail: config.CONTACT_EMAIL,
    defaultLanguage: config.DEFAULT_LANGUAGE,
    languages: config.languages,
    setLanguageFromIp: config.SET_LANGUAGE_FROM_IP,
    hideSuppliers: config.HIDE_SUPPLIERS,
    infiniteScroll: config.INFINITE_SCROLL,
    baseCurrency: config.BASE_CURRENCY,
    ...RENTAL_PERIOD_RULES,
    minDriverAge: BOOKING_RULES.minDriverAge,
    holdMinutes: config.HOLD_MINUTES,
    mapTileUrl: config.MAP_TILE_URL,
    map: { latitude: 34.03, longitude: 1.65, zoom: 5 },
    payment: {
      card: cardGateway(config),
      wallet: Boolean(config.PAYPAL_CLIENT_ID),
      stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      paypalClientId: config.PAYPAL_CLIENT_ID ?? null,
      paypalSdkUrl: config.PAYPAL_SDK_URL,
    },
    recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null,
    analyticsId: config.ANALYTICS_ID ?? null,
    social: {
      google: config.GOOGLE_CLIENT_ID ?? null,
      facebook: config.FACEBOOK_APP_ID ?? null,
      apple: config.APPLE_CLIENT_ID ?? null,
    },
    socialSdkUrls: { google: config.GOOGLE_SDK_URL, facebook: config.FACEBOOK_SDK_URL, apple: config.APPLE_SDK_URL },
  };
}
