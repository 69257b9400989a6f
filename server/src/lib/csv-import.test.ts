import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@roam/contract/fleet-import';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { guessMapping, readCsv } from './csv-import.ts';

// The CSV reader every import shares, after the second outside audit: a Latin-1 file (what spreadsheets on
// Windows save as "CSV") imported silently with replacement characters; a 450,000-column header held the event loop.

const refusal = async (bytes: Buffer) => {
  const error = await readCsv(bytes, 'no rows').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).fieldErrors;
};

describe('readCsv', () => {
  it('reads UTF-8 as UTF-8, and a Latin-1 file as Windows-1252, saying so, its accents kept', async () => {
    const text = 'name,place\nCitroën C3,Nîmes\n';
    const utf8 = await readCsv(Buffer.from(text, 'utf8'), 'no rows');
    expect(utf8.encoding).toBe('utf-8');
    expect(utf8.records[0]?.cells).toEqual(['Citroën C3', 'Nîmes']);
    const latin1 = await readCsv(Buffer.from(text, 'latin1'), 'no rows');
    expect(latin1.encoding).toBe('windows-1252');
    expect(latin1.records[0]?.cells).toEqual(['Citroën C3', 'Nîmes']);
    expect(JSON.stringify(latin1)).not.toContain('\uFFFD');
    // The byte-order mark of "CSV UTF-8" is no part of the first header.
    expect((await readCsv(Buffer.from(`\uFEFF${text}`, 'utf8'), 'no rows')).headers).toEqual(['name', 'place']);
  });

  it('refuses a file wider than the column limit, or longer than the row limit, as soon as it knows', async () => {
    const wide = `${Array.from({ length: IMPORT_LIMITS.maxColumns + 1 }, (_, i) => `c${i}`).join(',')}\nx\n`;
    expect(await refusal(Buffer.from(wide))).toEqual({ file: [IMPORT_MESSAGES.tooManyColumns] });
    const long = `a\n${'1\n'.repeat(IMPORT_LIMITS.maxRows + 5)}`;
    expect(await refusal(Buffer.from(long))).toEqual({ file: [IMPORT_MESSAGES.tooManyRows] });
    const edge = `a\n${'1\n'.repeat(IMPORT_LIMITS.maxRows)}`;
    expect((await readCsv(Buffer.from(edge), 'no rows')).records).toHaveLength(IMPORT_LIMITS.maxRows);
    expect(await refusal(Buffer.from('a,"b\n1,2\n'))).toEqual({ file: [IMPORT_MESSAGES.unreadable] });
    expect(await refusal(Buffer.from('a,b\n'))).toEqual({ file: ['no rows'] });
  });
});

describe('guessMapping', () => {
  it('maps headers written as a column name, the first of equal ones', () => {
    expect(guessMapping(['Licence plate', 'NAME', 'name', 'other'], ['licensePlate', 'name', 'seats'])).toEqual({
      licensePlate: 'Licence plate',
      name: 'NAME',
    });
  });
});
