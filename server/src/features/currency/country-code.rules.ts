import type { IncomingHttpHeaders } from 'node:http';

// Placeholders proxies send when they do not know the country (Cloudflare: XX unknown, T1 Tor).
const UNKNOWN = new Set(['XX', 'T1', 'ZZ']);

/**
 * The visitor's country (spec §7 `GET /api/country-code`) from the trusted proxy header named by `COUNTRY_HEADER`
 * (e.g. `cf-ipcountry`). No header configured, none sent, or not two letters: null, and the web app falls back to the
 * default language. We do no IP lookup of our own: no external service sees our visitors' addresses.
 */
export function countryCodeFrom(headers: IncomingHttpHeaders, headerName: string | undefined): string | null {
  if (!headerName) return null;
  const raw = headers[headerName.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || UNKNOWN.has(value)) return null;
  return value;
}
