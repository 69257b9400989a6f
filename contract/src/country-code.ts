import { z } from 'zod';

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
export type CountryCode = z.infer<typeof CountryCodeSchema>;
