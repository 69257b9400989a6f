import { z } from 'zod';
import { LanguageSchema } from './enums.ts';
import { type CarFields, CreateCarBodySchema } from './fleet.ts';

// Fleet import and export (issue #26 item 3): a CSV of cars with every field of the car editor. The export writes
// these columns, the import reads them (an operator maps its own headers onto them), so an exported file imports
// back unchanged. Cells: money in EUR with a decimal point ('45.00'; an extra's −1 unavailable, 0 included),
// lists separated by '|', places by id or by name, date-based prices as 'YYYY-MM-DD..YYYY-MM-DD:price'. The import also
// reads the operator's words: a header by the editor's label, an enumerated cell or a yes/no by its label in any of
// the five languages, a decimal comma, and a file separated by ';' (server fleet-import/car-labels.csv.ts).

/** The import's columns, in the export's order: every field of `CreateCarBodySchema` but the supplier. */
export const CAR_CSV_COLUMNS = Object.keys(CreateCarBodySchema.shape).filter(
  (field): field is keyof CarFields => field !== 'supplierId',
) as [keyof CarFields, ...(keyof CarFields)[]];
export type CarCsvColumn = keyof CarFields;

/** The money columns (EUR with a decimal point in the file, minor units in the API): the deposit and the rates. */
export const CAR_CSV_MONEY = CAR_CSV_COLUMNS.filter(
  (column) => column === 'deposit' || (column.endsWith('Price') && column !== 'isDateBasedPrice'),
);

export const IMPORT_LIMITS = { maxBytes: 1024 * 1024, maxRows: 1000 } as const;

export const IMPORT_MESSAGES = {
  addFile: 'Please choose a CSV file.',
  unreadable: 'The file could not be read as CSV.',
  noRows: 'The file has no car rows.',
  tooManyRows: `The file has more than ${IMPORT_LIMITS.maxRows} cars; please split it.`,
  unknownColumn: 'This column is not in the file.',
  badMapping: 'The column mapping could not be read.',
  notNumber: 'Please enter a number.',
  notYesNo: 'Please enter yes or no.',
  /** An enumerated cell that is neither a code nor a label of one of its values (the screen lists them). */
  notAllowed: 'Please use one of the allowed values.',
  badPeriods: 'Write each period as YYYY-MM-DD..YYYY-MM-DD:price, separated by |.',
  duplicatePlate: (row: number) => `This licence plate is already on row ${row} of the file.`,
  invalidRows: 'Some rows of the file have errors: nothing was imported.',
} as const;

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
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * An export's separator: the reader's spreadsheet expects ';' where the decimal mark is a comma (fr, es, se, de), and
 * such a file writes its amounts with a decimal comma. Absent: ','.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

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
  from: z.iso.date(),
  to: z.iso.date(),
  supplierId: z.uuid().optional(),
  separator: z.enum(CSV_SEPARATORS).optional(),
  language: LanguageSchema.optional(),
});
