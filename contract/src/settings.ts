import type { z } from 'zod';
import type { CountryCodeSchema, HealthSchema, SettingsSchema } from './settings.schema.ts';

// What the front end needs to know about the deployment and the visitor: `GET /api/settings`, `/api/health` and
// `/api/country-code` (their schemas: settings.schema.ts).

export type Settings = z.infer<typeof SettingsSchema>;
export type Health = z.infer<typeof HealthSchema>;
export type CountryCode = z.infer<typeof CountryCodeSchema>;
