import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import { type Parser, parse } from 'csv-parse';
import type { z } from 'zod';
import { AppError, validationFailed } from './app-error.ts';

// What every CSV import shares (cars, places): the file read into a header and records with their lines,
// the operator's mapping of the import's columns onto the file's headers (absent: headers named as a column).

/** The text encodings a file is read in: UTF-8, else Windows-1252 (Latin-1 as spreadsheets on Windows save it). */
export type CsvEncoding = 'utf-8' | 'windows-1252';
export type CsvRecords = {
  headers: string[];
  records: { cells: string[]; line: number }[];
  /** How the bytes were read: a file that is not UTF-8 was Latin-1 (its accents kept, not replaced). */
  encoding: CsvEncoding;
};

/**
 * How much of a file is parsed before the event loop gets a turn: a 1 MB file is ~60 turns of well under a
 * millisecond each, so no preview holds other requests back (second audit, item 7: a 450,000-column header held
 * the loop ~2 s).
 */
const SLICE_CHARACTERS = 16 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The file's text: UTF-8 when its bytes are (spreadsheets' "CSV UTF-8"), otherwise Windows-1252, the Latin-1 that
 * spreadsheets on Windows save "CSV" in — read as UTF-8 it came out with replacement characters for every accent.
 */
function decode(bytes: Buffer): { text: string; encoding: CsvEncoding } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * The separator of a file: ';' when its header line has more semicolons than commas outside quotes (what spreadsheets
 * write where the decimal mark is a comma: fr, es, se, de), else ','.
 */
export function separatorOf(text: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  for (let at = 0; at < text.length && at < 64 * 1024; at++) {
    const char = text[at];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Whether the header (the first line, quotes respected) has more than the columns allowed, found by counting its
 * separators up to the limit: a header of 450,000 columns is refused after reading ~200 of them, before the parser
 * builds a record of them all.
 */
function headerTooWide(text: string, delimiter: ',' | ';'): boolean {
  const separator = delimiter.charCodeAt(0);
  let quoted = false;
  let commas = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x22) quoted = !quoted;
    else if (!quoted && (char === 0x0a || char === 0x0d)) return false;
    else if (!quoted && char === separator && ++commas >= IMPORT_LIMITS.maxColumns) return true;
  }
  return false;
}

type Parsed = { record: string[]; info: { lines: number } };

/** Parses `text` a slice at a time; stops at the first record past the limits (`refusal`), or at a parse error. */
async function parseInSlices(text: string, delimiter: ',' | ';'): Promise<Parsed[]> {
  // `info: true` gives each record with its line in the file (a quoted cell may span lines); csv-parse's types
  // describe the records without it.
  const parser: Parser = parse({
    bom: true,
    delimiter,
    skip_empty_lines: true,
    relax_column_count: true,
    info: true,
    trim: true,
  });
  const parsed: Parsed[] = [];
  let failure: AppError | null = null;
  parser.on('data', (row: Parsed) => {
    if (failure) return;
    if (row.record.length > IMPORT_LIMITS.maxColumns)
      failure = validationFailed({ file: [IMPORT_MESSAGES.tooManyColumns] });
    // The header and one more than the limit is enough to refuse the file.
    else if (parsed.length > IMPORT_LIMITS.maxRows) failure = validationFailed({ file: [IMPORT_MESSAGES.tooManyRows] });
    else parsed.push(row);
  });
  parser.on('error', () => {
    failure ??= validationFailed({ file: [IMPORT_MESSAGES.unreadable] });
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('close', resolve);
  });
  for (let at = 0; at < text.length && !failure; at += SLICE_CHARACTERS) {
    parser.write(text.slice(at, at + SLICE_CHARACTERS));
    await nextTurn();
  }
  if (!failure) {
    parser.end();
    await ended;
  } else parser.destroy();
  if (failure) throw failure;
  return parsed;
}

/**
 * The file's header and records; a file that is missing, unreadable, empty, too long or too wide is a 400 on `file`.
 * Read a slice at a time, so that no file holds the event loop (second audit, item 7).
 */
export async function readCsv(bytes: Buffer | null, noRows: string): Promise<CsvRecords> {
  if (!bytes || bytes.length === 0) throw validationFailed({ file: [IMPORT_MESSAGES.addFile] });
  const { text, encoding } = decode(bytes);
  const delimiter = separatorOf(text);
  if (headerTooWide(text, delimiter)) throw validationFailed({ file: [IMPORT_MESSAGES.tooManyColumns] });
  const [head, ...rows] = await parseInSlices(text, delimiter);
  if (!head || rows.length === 0) throw validationFailed({ file: [noRows] });
  if (rows.length > IMPORT_LIMITS.maxRows) throw validationFailed({ file: [IMPORT_MESSAGES.tooManyRows] });
  return { headers: head.record, records: rows.map((row) => ({ cells: row.record, line: row.info.lines })), encoding };
}

/** A header written as a column's name ('Licence plate', 'licence_plate', 'LICENSEPLATE'…) is that column. */
const folded = (text: string) =>
  text
    .toLowerCase()
    .replace(/licence/g, 'license')
    .replace(/[^a-z0-9]/g, '');

/** Each header folded once (the first of equal ones wins), each column looked up once. */
export function guessMapping<Column extends string>(
  headers: string[],
  columns: readonly Column[],
): Partial<Record<Column, string>> {
  const byFolded = new Map<string, string>();
  for (const header of headers) {
    const key = folded(header);
    if (!byFolded.has(key)) byFolded.set(key, header);
  }
  const mapping: Partial<Record<Column, string>> = {};
  for (const column of columns) {
    const header = byFolded.get(folded(column));
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
