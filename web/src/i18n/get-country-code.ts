import { api } from '#web/lib/api-client';

/** `GET /api/country-code` (spec §7): the visitor's two-letter country, or null when unknown. */
export async function getCountryCode(): Promise<string | null> {
  // Start-up waits on this call, so a slow answer must not hold the first render for long.
  const answer = await api.get<{ countryCode: string | null }>('/api/country-code', {
    signal: AbortSignal.timeout(2500),
  });
  return answer?.countryCode ?? null;
}
