import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web's first download must hold no zod schema (ARCHITECTURE §7, issue #23): a schema in a module the entry
// imports, kept alive by a lazily loaded form, stays in the entry with all of zod (+26 KB gzip on every customer
// route, measured). So the web takes the enumerations and the booking rules from the contract's zod-free modules.
const ZOD_FREE = ['enum-values.ts', 'console-enum-values.ts', 'booking-rules.ts', 'run-time-setting-ranges.ts'];
const contract = path.resolve(import.meta.dirname, '../../../contract/src');
const web = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the contract modules the web reads first', () => {
  it('never imports the schema module of the enumerations or of the settings for a value', () => {
    const offenders = sources(web).filter((file) =>
      /^import (?!type )[^;]*from '@roam\/contract\/(enums|settings)';/m.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(web, file))).toEqual([]);
  });

  it('keeps enum-values and booking-rules free of zod', () => {
    for (const name of ZOD_FREE) expect(readFileSync(path.join(contract, name), 'utf8')).not.toMatch(/from 'zod'/);
  });
});
