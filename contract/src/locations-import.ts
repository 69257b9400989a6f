import { z } from 'zod';
import { PLACE_CSV_COLUMNS, type PlaceCsvColumn } from './console-enum-values.ts';
import { CSV_ENCODING, ImportRowSchema } from './fleet-import.ts';

// Places import (issue #26 item 3's last part): countries and locations from one CSV, a location per row with its
// country, mapped, checked row by row with the places editor's rules and written all-or-nothing like the fleet's.
// Natural keys: a country by its ISO code, a location by its English name within its country — a row naming a place
// that exists updates it (only the mapped, non-empty cells), so the same file twice changes nothing.

export { PLACE_CSV_COLUMNS, type PlaceCsvColumn };

export const LOCATIONS_IMPORT_MESSAGES = {
  noRows: 'The file has no place rows.',
  duplicate: (row: number) => `This place is already on row ${row} of the file.`,
  notNumber: 'Please enter a number.',
} as const;

export const LocationMappingSchema = z.partialRecord(z.enum(PLACE_CSV_COLUMNS), z.string().max(200));
export type LocationMapping = z.infer<typeof LocationMappingSchema>;

/** `POST /api/import-locations/preview` and `POST /api/import-locations`: each row's place, its action and errors. */
export const LocationsImportReportSchema = z.object({
  headers: z.array(z.string()),
  mapping: LocationMappingSchema,
  rows: z.array(ImportRowSchema.omit({ licensePlate: true }).extend({ countryCode: z.string() })),
  valid: z.boolean(),
  imported: z.boolean(),
  encoding: CSV_ENCODING,
});
export type LocationsImportReport = z.infer<typeof LocationsImportReportSchema>;
