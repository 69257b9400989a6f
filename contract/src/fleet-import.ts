import type { z } from 'zod';
import type { CarFields } from './fleet.ts';
import type { ImportMappingSchema, ImportReportSchema, ImportRowSchema } from './fleet-import.schema.ts';

// Fleet import and export: a CSV of cars with every field of the car editor. The export writes these columns, the
// import reads them (an operator maps its own headers onto them), so an exported file imports back unchanged. Cells:
// money in EUR with a decimal point ('45.00'; an extra's −1 unavailable, 0 included), lists separated by '|', places
// by id or by name, date-based prices as 'YYYY-MM-DD..YYYY-MM-DD:price'. The import also reads the operator's words:
// a header by the editor's label, an enumerated cell or a yes/no by its label in any of the five languages, a decimal
// comma, and a file separated by ';' (server fleet-import/car-labels.csv.ts). The schemas are in fleet-import.schema.ts.

/**
 * The import's columns, in the export's order: every field of `CreateCarBodySchema` but the supplier, in its order
 * (fleet-import.schema.test.ts holds them equal).
 */
export const CAR_CSV_COLUMNS = [
  'name',
  'licensePlate',
  'range',
  'fuelType',
  'gearbox',
  'seats',
  'doors',
  'aircon',
  'mileage',
  'fuelPolicy',
  'multimedia',
  'deposit',
  'minimumAge',
  'co2',
  'locationIds',
  'dailyPrice',
  'discountedDailyPrice',
  'hourlyPrice',
  'discountedHourlyPrice',
  'weeklyPrice',
  'discountedWeeklyPrice',
  'biWeeklyPrice',
  'discountedBiWeeklyPrice',
  'monthlyPrice',
  'discountedMonthlyPrice',
  'isDateBasedPrice',
  'dateBasedPrices',
  'cancellation',
  'amendments',
  'theftProtection',
  'collisionDamageWaiver',
  'fullInsurance',
  'additionalDriver',
  'availability',
  'fullyBooked',
] as const satisfies readonly (keyof CarFields)[];
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
  notYesNo: 'Please enter yes or no.',
  /** An enumerated cell that is neither a code nor a label of one of its values (the screen lists them). */
  notAllowed: 'Please use one of the allowed values.',
  badPeriods: 'Write each period as YYYY-MM-DD..YYYY-MM-DD:price, separated by |.',
  duplicatePlate: (row: number) => `This licence plate is already on row ${row} of the file.`,
  invalidRows: 'Some rows of the file have errors: nothing was imported.',
} as const;

export type ImportMapping = z.infer<typeof ImportMappingSchema>;
export type ImportRow = z.infer<typeof ImportRowSchema>;
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * An export's separator: the reader's spreadsheet expects ';' where the decimal mark is a comma (fr, es, se, de), and
 * such a file writes its amounts with a decimal comma. Absent: ','.
 */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];
