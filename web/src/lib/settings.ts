import { BOOKING_RULES, RENTAL_PERIOD_RULES } from '@roam/contract/booking-rules';
import type { Settings } from '@roam/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * What the app assumes until `GET /api/settings` answers, or when it fails (spec §8: "Settings
 * call failure: logged only"): the documented defaults of docs/architecture.md §3.
 */
export const FALLBACK_SETTINGS: Settings = {
  websiteName: 'Roam',
  contactEmail: 'info@roam.localhost',
  defaultLanguage: 'en',
  languages: ['en', 'fr', 'es', 'se', 'de'],
  setLanguageFromIp: false,
  hideSuppliers: true,
  infiniteScroll: false,
  baseCurrency: 'EUR',
  ...RENTAL_PERIOD_RULES,
  minDriverAge: BOOKING_RULES.minDriverAge,
  holdMinutes: 30,
  mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  map: { latitude: 34.03, longitude: 1.65, zoom: 5 },
  payment: {
    card: 'demo',
    wallet: false,
    stripePublishableKey: null,
    paypalClientId: null,
    paypalSdkUrl: 'https://www.paypal.com/sdk/js',
  },
  recaptchaSiteKey: null,
  analyticsId: null,
  social: { google: null, facebook: null, apple: null },
  socialSdkUrls: {
    google: 'https://accounts.google.com/gsi/client',
    facebook: 'https://connect.facebook.net/en_US/sdk.js',
    apple: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js',
  },
  // Unknown: assume the site is open rather than tell a visitor it is not.
  bookable: true,
};

export function getSettings(signal?: AbortSignal): Promise<Settings> {
  return api.get<Settings>('/api/settings', { signal });
}

/**
 * The settings the server writes into index.html (server/src/plugins/web-app.ts), so that a first visit does not
 * wait for `GET /api/settings` before choosing its language and painting; undefined in development (Vite serves
 * index.html) or if the element is missing, and the call is made as before.
 */
export function inlineSettings(doc: Pick<Document, 'getElementById'> = document): Settings | undefined {
  const text = doc.getElementById('roam-settings')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Settings;
  } catch {
    return undefined;
  }
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['settings'] as const,
  queryFn: ({ signal }) => getSettings(signal),
  initialData: inlineSettings,
  // The booking rules change at run time (the admin's); the server checks every booking with the
  // rules in force, and a screen open for a while takes the new ones on its next use after five minutes.
  staleTime: 5 * 60_000,
  // Start-up may wait on this call (language choice); a failure falls back at once.
  retry: false,
});

/** The deployment's settings, or the fallback while loading and when the call failed. */
export function useSettings(): Settings {
  const { data } = useQuery(settingsQueryOptions);
  return data ?? FALLBACK_SETTINGS;
}
