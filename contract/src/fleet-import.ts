import { z } from 'zod';
import { type CarFields, CreateCarBodySchema } from './fleet.ts';
import { PeriodDateSchema } from './time-schemas.ts';

// Fleet import and export (issue #26 item 3): a CSV of cars with every field of the car editor. The export writes
// these columns, the import reads them (an operator maps its own headers onto them), so an exported file imports
// back unchanged. Cells: money in EUR with a decimal point ('45.00'; an extra's −1 unavailable, 0 included),
// lists separated by '|', places by id or by name, date-based prices as 'YYYY-MM-DD..YYYY-MM-DD:price'.

/** The import's columns, in the export's order: every field of `CreateCarBodySchema` but the supplier. */
export const CAR_CSV_COLUMNS = Object.keys(CreateCarBodySchema.shape).filter(
  (field): field is keyof CarFields => field !== 'supplierId',
) as [keyof CarFields, ...(keyof CarFields)[]];
export type CarCsvColumn = keyof CarFields;

/** The money columns (EUR with a decimal point in the file, minor units in the API): the deposit and the rates. */
export const CAR_CSV_MONEY = CAR_CSV_COLUMNS.filter(
  (column) => column === 'deposit' || (column.endsWith('Price') && column !== 'isDateBasedPrice'),
);

/**
 * A file's size, rows and columns: a car has ~45 columns, so 200 is room for any spreadsheet's extra ones, and a
 * header of 450,000 columns is refused as soon as it is read (second audit, item 7).
 */
export const IMPORT_LIMITS = { maxBytes: 1024 * 1024, maxRows: 1000, maxColumns: 200 } as const;

export const IMPORT_MESSAGES = {
  addFile: 'Please choose a CSV file.',
  unreadable: 'The file could not be read as CSV.',
  noRows: 'The file has no car rows.',
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows} cars; please split it.`,
  tooManyColumns: `The file has more than ${IMPORT_LIMITS.maxColumns} columns.`,
  unknownColumn: 'This column is not in the file.',
  badMapping: 'The column mapping could not be read.',
  notNumber: 'Please enter a number.',
  notYesNo: 'Please enter true or false.',
  badPeriods: 'Write each period as YYYY-MM-DD..YYYY-MM-DD:price, separated by |.',
  duplicatePlate: (row: number) => `This licence plate is already on row ${row} of the file.`,
  invalidRows: 'Some rows of the file have errors: nothing was imported.',
} as const;

/** The text encodings an import reads a file in (second audit: a Latin-1 file came out with replacement characters). */
export const CSV_ENCODING = z.enum(['utf-8', 'windows-1252']);

/** The file's header for each column (absent: not imported; a new car gets the field's default). */
export const ImportMappingSchema = z.partialRecord(z.enum(CAR_CSV_COLUMNS), z.string().max(200));
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

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
export type ImportRow = z.infer<typeof ImportRowSchema>;

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
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** `GET /api/export-cars`: the admin names the supplier (a supplier exports its own fleet). */
export const ExportCarsQuerySchema = z.object({ supplierId: z.uuid().optional() });

/** `GET /api/export-bookings`: bookings picked up in [from, to) (dates, the server's UTC days). */
export const ExportBookingsQuerySchema = z.object({
  from: PeriodDateSchema,
  to: PeriodDateSchema,
  supplierId: z.uuid().optional(),
});
