import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The contract by area (docs/architecture.md §1): `<area>.ts` holds an area's values, types, rules and messages with
// no zod at run time, so that the web may import it anywhere, even in a customer route's first download; the zod
// schemas are in `<area>.schema.ts`, which the web imports only lazily (the lint refuses an eager import). A value
// import of zod or of a schema module in an area module would bring zod (~26 KB gzip) to every screen importing it.

const here = import.meta.dirname;
const modules = readdirSync(here).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
const areaModules = modules.filter((file) => !file.endsWith('.schema.ts'));

/** The specifiers a module imports or re-exports for a value (`import type` and `export type` are erased). */
function valueSpecifiers(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)';/gm);
  return [...statements].map((match) => match[1] as string);
}

describe('the contract by area', () => {
  it('keeps zod and the schema modules out of every area module at run time', () => {
    const offenders = areaModules.flatMap((file) =>
      valueSpecifiers(readFileSync(path.join(here, file), 'utf8'))
        .filter((specifier) => specifier === 'zod' || specifier.endsWith('.schema.ts'))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('gives every schema module the area module of its values and types', () => {
    const orphans = modules
      .filter((file) => file.endsWith('.schema.ts'))
      .filter((file) => !areaModules.includes(file.replace(/\.schema\.ts$/, '.ts')));
    expect(orphans).toEqual([]);
  });
});
