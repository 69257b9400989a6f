import { z } from 'zod';
import { CAR_CSV_COLUMNS, CSV_SEPARATORS } from './fleet-import.ts';
import { LanguageSchema } from './languages.schema.ts';
import { PeriodDateSchema } from './time.schema.ts';

// The schemas of the fleet's import (its columns, limits, messages and types: fleet-import.ts).

/** The text encodings an import reads a file in (second audit: a Latin-1 file came out with replacement characters). */
export const CSV_ENCODING = z.enum(['utf-8', 'windows-1252']);

/** The file's header for each column (absent: not imported; a new car gets the field's default). */
export const ImportMappingSchema = z.partialRecord(z.enum(CAR_CSV_COLUMNS), z.string().max(200));

export const ImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  licensePlate: z.string().nullable(),
  /** Create a car, or update the supplier's car with this licence plate. */
  action: z.enum(['create', 'update']),
  /** Field → messages (`CreateCarBodySchema`'s and `carFieldIssues`' messages); empty when the row is valid. */
  errors: z.record(z.string(), z.array(z.string())),
});

/** `POST /api/import-cars/preview` and `POST /api/import-cars`: what each row does (did), checked whole. */
export const ImportReportSchema = z.object({
  /** The file's headers, in order (for the mapping's choices). */
  headers: z.array(z.string()),
  /** The mapping used (the one sent, else the headers named as a column). */
  mapping: ImportMappingSchema,
  rows: z.array(ImportRowSchema),
  valid: z.boolean(),
  /** Whether the cars were written (false on a preview). */
  imported: z.boolean(),
  /** How the file's bytes were read: UTF-8, or Windows-1252 (Latin-1) when they were not UTF-8. */
  encoding: CSV_ENCODING,
});

/** `GET /api/export-cars`: the admin names the supplier (a supplier exports its own fleet). */
export const ExportCarsQuerySchema = z.object({
  supplierId: z.uuid().optional(),
  separator: z.enum(CSV_SEPARATORS).optional(),
});

/**
 * `GET /api/export-bookings`: bookings picked up in [from, to) (dates, the server's UTC days), headed and worded in
 * `language` (statuses, places), times on each place's clock.
 */
export const ExportBookingsQuerySchema = z.object({
  from: PeriodDateSchema,
  to: PeriodDateSchema,
  supplierId: z.uuid().optional(),
  separator: z.enum(CSV_SEPARATORS).optional(),
  language: LanguageSchema.optional(),
});
