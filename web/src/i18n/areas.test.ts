import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PERMISSIONS } from '@roam/contract/team';
import { describe, expect, it } from 'vitest';
import AREAS from './areas.json';

// Strings load per area (index.ts): the core areas before the first render, the others with the screen or lazy
// component that shows them (areas.json). This reads the source to prove the list right: every key a screen can
// show — in its own code and in everything it imports, statically or lazily — is in an area loaded with it, so
// no screen ever renders a raw key; and no screen loads an area it does not show. The console (src/console) is
// another app with its own language chunks (locales/<language>/console.ts): the same core areas with its
// navigation's (areas.json `console.core`), and its screens' areas (`console.screens`), its own (operator*.json)
// among them; the customer app's language chunks (index.ts) have none of those.

const src = path.resolve(import.meta.dirname, '..');
const areaNames = readdirSync(path.join(src, 'i18n/locales/en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
const keyPattern = new RegExp(`['"\`](${areaNames.join('|')})\\.[A-Za-z$]`, 'g');
const isConsoleArea = (area: string) => area.startsWith('operator');
const components = new Map(Object.entries(AREAS.components).map(([file, areas]) => [path.join(src, file), areas]));
const read = (file: string) => readFileSync(path.join(src, file), 'utf8');

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('#web/')
    ? path.join(src, specifier.slice('#web/'.length))
    : path.resolve(path.dirname(from), specifier);
  return (
    [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find(
      (file) => /\.tsx?$/.test(file) && existsSync(file),
    ) ?? null
  );
}

/** The modules `file` imports, transitively; `lazy` follows `import()` too. A lazy component with areas of its own is a boundary. */
function moduleGraph(file: string, { lazy }: { lazy: boolean }, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const pattern = lazy
    ? /(?:from|import)\s*\(?\s*['"]((?:\.|#web\/)[^'"]+)['"]/g
    : /(?:from|import)\s+['"]((?:\.|#web\/)[^'"]+)['"]/g;
  for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(pattern)) {
    const imported = resolve(file, specifier);
    if (imported && !components.has(imported.replace(/\.tsx?$/, ''))) moduleGraph(imported, { lazy }, seen);
  }
  return seen;
}

function areasShown(files: Iterable<string>): string[] {
  const areas = new Set<string>();
  for (const file of files) {
    const code = readFileSync(file, 'utf8').replace(/^\s*(import .*|\/\/.*)$/gm, '');
    for (const found of code.matchAll(keyPattern)) {
      // A permission of the contract's role table ('bookings.write') reads like a key of the area of the same name.
      const start = found.index + 1;
      if (!PERMISSIONS.some((name) => code.startsWith(`${name}${code[start - 1]}`, start))) areas.add(found[1] ?? '');
    }
  }
  return [...areas].sort();
}

const beyondCore = (areas: string[]) => areas.filter((area) => !AREAS.core.includes(area)).sort();
const consoleCore = [...AREAS.core, ...AREAS.console.core];
const beyondConsoleCore = (areas: string[]) => areas.filter((area) => !consoleCore.includes(area)).sort();
const screenFiles = (folder: string, extra: string[] = []) =>
  new Map(
    [...readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file}`)]
      .concat(extra)
      .filter((file) => file.endsWith('-screen.tsx'))
      .map((file) => [path.basename(file, '-screen.tsx'), path.join(src, file)]),
  );
const customerScreens = screenFiles('features', ['app/not-found-screen.tsx']);
const consoleScreens = screenFiles('console');
/** The screens a router loads: [name in areas.json, screen file's name]. */
const routed = (router: string) =>
  [...read(router).matchAll(/screen\(\s*'([\w-]+)',\s*\(\) => import\('[^']*\/([\w-]+)-screen'\)/g)].map(
    ([, name = '', file = '']) => [name, file],
  );
/** A language chunk's core areas (its eager glob) and the areas its other glob leaves out. */
function languageChunk(file: string) {
  const code = read(file);
  const core = code
    .match(/glob<[^>]+>\(\s*'\.\/\{([\w,]+)\}\.json'/)?.[1]
    ?.split(',')
    .sort();
  const excluded = [...code.matchAll(/'!\.\/\{?([\w*,]+)\}?\.json'/g)].flatMap(([, list = '']) => list.split(','));
  return { code, core, excluded };
}

describe('string areas', () => {
  it('name existing areas, each loaded somewhere; the console’s own only by the console', () => {
    const customer = [...AREAS.core, ...Object.values(AREAS.screens).flat(), ...Object.values(AREAS.components).flat()];
    const consoleAreas = [...AREAS.console.core, ...Object.values(AREAS.console.screens).flat()];
    expect([...customer, ...consoleAreas].filter((area) => !areaNames.includes(area))).toEqual([]);
    expect(customer.filter(isConsoleArea)).toEqual([]);
    expect(areaNames.filter((area) => !customer.includes(area) && !consoleAreas.includes(area))).toEqual([]);
  });

  it('core: each language chunk (locales/<language>/index.ts, one file copied per language) bundles the core areas, and leaves the console’s out', () => {
    const english = languageChunk('i18n/locales/en/index.ts');
    for (const language of readdirSync(path.join(src, 'i18n/locales'))) {
      expect(read(`i18n/locales/${language}/index.ts`), language).toBe(english.code);
    }
    expect(english.core).toEqual([...AREAS.core].sort());
    expect(english.excluded.sort()).toEqual([...AREAS.core, 'operator*'].sort());
  });

  it('console core: its language chunks (locales/<language>/console.ts) bundle the core areas and its navigation’s', () => {
    const english = languageChunk('i18n/locales/en/console.ts');
    for (const language of readdirSync(path.join(src, 'i18n/locales'))) {
      expect(read(`i18n/locales/${language}/console.ts`), language).toBe(english.code);
    }
    expect(english.core).toEqual([...consoleCore].sort());
    expect(english.excluded.sort()).toEqual([...consoleCore].sort());
  });

  it('list every screen each router loads, by its file name', () => {
    for (const [router, screens] of [
      ['app/router.tsx', AREAS.screens],
      ['console/app/router.tsx', AREAS.console.screens],
    ] as const) {
      expect(routed(router).filter(([name, file]) => name !== file)).toEqual([]);
      expect([...new Set(routed(router).map(([name]) => name))].sort()).toEqual(Object.keys(screens).sort());
    }
  });

  it('core: the entry chunk (header, footer, layout) shows only core areas', () => {
    expect(beyondCore(areasShown(moduleGraph(path.join(src, 'main.tsx'), { lazy: false })))).toEqual([]);
  });

  it('console core: its entry chunk (header, layout, navigation) shows only its core areas', () => {
    const graph = moduleGraph(path.join(src, 'console/main.tsx'), { lazy: false });
    expect(beyondConsoleCore(areasShown(graph))).toEqual([]);
    expect(areasShown(graph).filter(isConsoleArea)).toEqual([...AREAS.console.core].sort());
  });

  it.each(Object.entries(AREAS.screens))('screen %s loads exactly the areas it shows', (name, areas) => {
    const file = customerScreens.get(name);
    expect(file, `${name}-screen.tsx`).toBeDefined();
    expect(beyondCore(areasShown(moduleGraph(file ?? '', { lazy: true })))).toEqual(beyondCore(areas));
  });

  it.each(Object.entries(AREAS.console.screens))(
    'console screen %s loads exactly the areas it shows',
    (name, areas) => {
      const file = consoleScreens.get(name);
      expect(file, `${name}-screen.tsx`).toBeDefined();
      expect(beyondConsoleCore(areasShown(moduleGraph(file ?? '', { lazy: true })))).toEqual(beyondConsoleCore(areas));
    },
  );

  it.each(Object.entries(AREAS.components))('lazy component %s loads exactly the areas it shows', (file, areas) => {
    const module = resolve(path.join(src, 'x'), `./${file}`) ?? '';
    const graph = moduleGraph(module, { lazy: true }, new Set());
    expect(beyondCore(areasShown(graph))).toEqual(beyondCore(areas));
  });
});
