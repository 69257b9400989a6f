import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { AppError, validationFailed } from './app-error.ts';

// What every CSV import shares (issue #26: cars, places): the file read into a header and records with their lines,
// the operator's mapping of the import's columns onto the file's headers (absent: headers named as a column).

export type CsvRecords = { headers: string[]; records: { cells: string[]; line: number }[] };

/**
 * The separator of a file: ';' when its header line has more semicolons than commas outside quotes (what spreadsheets
 * write where the decimal mark is a comma: fr, es, se, de), else ','.
 */
export function separatorOf(bytes: Buffer): ',' | ';' {
  const head = bytes.subarray(0, 64 * 1024).toString('utf8');
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The file's header and records; a file that is missing, unreadable, empty or too long is a 400 on `file`. */
export function readCsv(bytes: Buffer | null, noRows: string): CsvRecords {
  if (!bytes || bytes.length === 0) throw validationFailed({ file: [IMPORT_MESSAGES.addFile] });
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // `info: true` gives each record with its line in the file (a quoted cell may span lines); csv-parse's types
    // describe the records without it.
    parsed = parse(bytes, {
      bom: true,
      delimiter: separatorOf(bytes),
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      trim: true,
    }) as unknown as typeof parsed;
  } catch {
    throw validationFailed({ file: [IMPORT_MESSAGES.unreadable] });
  }
  const [head, ...rows] = parsed;
  if (!head || rows.length === 0) throw validationFailed({ file: [noRows] });
  if (rows.length > IMPORT_LIMITS.maxRows) throw validationFailed({ file: [IMPORT_MESSAGES.tooManyRows] });
  return { headers: head.record, records: rows.map((row) => ({ cells: row.record, line: row.info.lines })) };
}

/** A header written as a column's name ('Licence plate', 'licence_plate', 'LICENSEPLATE'…) is that column. */
const folded = (text: string) =>
  text
    .toLowerCase()
    .replace(/licence/g, 'license')
    .replace(/[^a-z0-9]/g, '');

export function guessMapping<Column extends string>(
  headers: string[],
  columns: readonly Column[],
): Partial<Record<Column, string>> {
  const mapping: Partial<Record<Column, string>> = {};
  for (const column of columns) {
    const header = headers.find((h) => folded(h) === folded(column));
    if (header !== undefined) mapping[column] = header;
  }
  return mapping;
}

/** The mapping sent (JSON: column → header), checked against `schema` and the file's headers; else the guess. */
export function readMapping<Column extends string>(
  raw: string | null,
  headers: string[],
  columns: readonly Column[],
  schema: z.ZodType<Partial<Record<Column, string>>>,
): Partial<Record<Column, string>> {
  if (raw === null || raw.trim() === '') return guessMapping(headers, columns);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw validationFailed({ mapping: [IMPORT_MESSAGES.badMapping] });
  }
  const mapping = schema.safeParse(json);
  if (!mapping.success) throw validationFailed({ mapping: [IMPORT_MESSAGES.badMapping] });
  const unknown = Object.entries(mapping.data).filter(([, header]) => !headers.includes((header as string) ?? ''));
  if (unknown.length > 0)
    throw validationFailed(
      Object.fromEntries(unknown.map(([column]) => [`mapping.${column}`, [IMPORT_MESSAGES.unknownColumn]])),
    );
  return mapping.data;
}

/** A record's cell of `column` by the mapping's header (undefined: the column is not mapped). */
export function cellReader<Column extends string>(headers: string[], mapping: Partial<Record<Column, string>>) {
  const at = new Map<Column, number>();
  for (const [column, header] of Object.entries(mapping) as [Column, string][]) at.set(column, headers.indexOf(header));
  return (cells: string[], column: Column): string | undefined => {
    const index = at.get(column);
    return index === undefined ? undefined : (cells[index] ?? '');
  };
}

/** The import refused whole (400): every row's errors, as `rows.<line>.<field>`. */
export function invalidRows(rows: { line: number; errors: Record<string, string[]> }[]): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const row of rows)
    for (const [field, m] of Object.entries(row.errors)) fieldErrors[`rows.${row.line}.${field}`] = m;
  return new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.invalidRows, fieldErrors);
}
