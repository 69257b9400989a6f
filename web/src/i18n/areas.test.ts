import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import AREAS from './areas.json';

// Strings load per area (index.ts): the core areas before the first render, the others with the screen or lazy
// component that shows them (areas.json). This reads the source to prove the list right: every key a screen can
// show — in its own code and in everything it imports, statically or lazily — is in an area loaded with it, so
// no screen ever renders a raw key; and no screen loads an area it does not show.

const src = path.resolve(import.meta.dirname, '..');
const areaNames = readdirSync(path.join(src, 'i18n/locales/en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));
const keyPattern = new RegExp(`['"\`](${areaNames.join('|')})\\.[A-Za-z$]`, 'g');
// Issue #23: the operator console's areas (operator*.json) are outside the language chunks and areas.json, both in
// every customer's download: the console loads them itself, with the customer areas it shows, by the patterns of its
// loader's glob (`locales/*/operator*.json`, `locales/*/{cars,bookings}.json`).
const isOperatorArea = (area: string) => area.startsWith('operator');
const OPERATOR_CONSOLE = 'console/app/console-layout';
const OPERATOR_STRINGS = readFileSync(path.join(src, 'console/lib/operator-strings.ts'), 'utf8');
const operatorGlob = [
  ...(OPERATOR_STRINGS.match(/import\.meta\.glob<.*?>\(\s*\[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map(([, pattern = '']) => pattern);
const customerAreasOfConsole = operatorGlob
  .filter((pattern) => !pattern.endsWith('/operator*.json'))
  .flatMap((pattern) => /\/\*\/\{?([\w,]+)\}?\.json$/.exec(pattern)?.[1]?.split(',') ?? [pattern]);
const consoleAreas = [...areaNames.filter(isOperatorArea), ...customerAreasOfConsole].sort();
const components = new Map(
  [...Object.entries(AREAS.components), [OPERATOR_CONSOLE, consoleAreas] as const].map(([file, areas]) => [
    path.join(src, file),
    areas,
  ]),
);

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
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
  const pattern = lazy ? /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g : /(?:from|import)\s+['"](\.[^'"]+)['"]/g;
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
    for (const [, area = ''] of code.matchAll(keyPattern)) areas.add(area);
  }
  return [...areas].sort();
}

const beyondCore = (areas: string[]) => areas.filter((area) => !AREAS.core.includes(area)).sort();
const screenFiles = new Map(
  [...readdirSync(path.join(src, 'features'), { recursive: true, encoding: 'utf8' }), 'app/not-found-screen.tsx']
    .map((file) => (file.startsWith('app/') ? file : `features/${file}`))
    .filter((file) => file.endsWith('-screen.tsx'))
    .map((file) => [path.basename(file, '-screen.tsx'), path.join(src, file)]),
);

describe('string areas', () => {
  it('name existing areas, each loaded somewhere', () => {
    const listed = [...AREAS.core, ...Object.values(AREAS.screens).flat(), ...Object.values(AREAS.components).flat()];
    expect(listed.filter((area) => !areaNames.includes(area) || isOperatorArea(area))).toEqual([]);
    expect(areaNames.filter((area) => !listed.includes(area) && !isOperatorArea(area))).toEqual([]);
  });

  it("leave the operator console's areas out of the language chunks: the console loads them", () => {
    const english = readFileSync(path.join(src, 'i18n/locales/en/index.ts'), 'utf8');
    expect(english).toContain("'!./operator*.json'");
    expect(operatorGlob[0]).toBe('../../i18n/locales/*/operator*.json');
    expect(areaNames.filter(isOperatorArea).length).toBeGreaterThan(0);
    expect(customerAreasOfConsole.filter((area) => !areaNames.includes(area) || isOperatorArea(area))).toEqual([]);
  });

  it('operator console: loads exactly the areas it shows, its own and the customer areas it names', () => {
    const graph = moduleGraph(`${path.join(src, OPERATOR_CONSOLE)}.tsx`, { lazy: true }, new Set());
    expect(beyondCore(areasShown(graph))).toEqual(beyondCore(consoleAreas));
  });

  it('core: each language chunk (locales/<language>/index.ts, one file copied per language) bundles the core areas', () => {
    const english = readFileSync(path.join(src, 'i18n/locales/en/index.ts'), 'utf8');
    for (const language of readdirSync(path.join(src, 'i18n/locales'))) {
      expect(readFileSync(path.join(src, `i18n/locales/${language}/index.ts`), 'utf8'), language).toBe(english);
    }
    const bundled = english.match(/glob<[^>]+>\('\.\/\{([\w,]+)\}\.json'/)?.[1]?.split(',');
    expect(bundled?.sort()).toEqual([...AREAS.core].sort());
  });

  it('list every screen the router loads, by its file name', () => {
    const router = readFileSync(path.join(src, 'app/router.tsx'), 'utf8');
    const routed = [...router.matchAll(/screen\(\s*'([\w-]+)',\s*\(\) => import\('[^']*\/([\w-]+)-screen'\)/g)];
    expect(routed.filter(([, name, file]) => name !== file)).toEqual([]);
    expect(routed.map(([, name]) => name).sort()).toEqual(Object.keys(AREAS.screens).sort());
  });

  it('core: the entry chunk (header, footer, layout) shows only core areas', () => {
    expect(beyondCore(areasShown(moduleGraph(path.join(src, 'main.tsx'), { lazy: false })))).toEqual([]);
  });

  it.each(Object.entries(AREAS.screens))('screen %s loads exactly the areas it shows', (name, areas) => {
    const file = screenFiles.get(name);
    expect(file, `${name}-screen.tsx`).toBeDefined();
    expect(beyondCore(areasShown(moduleGraph(file ?? '', { lazy: true })))).toEqual(beyondCore(areas));
  });

  it.each(Object.entries(AREAS.components))('lazy component %s loads exactly the areas it shows', (file, areas) => {
    const module = resolve(path.join(src, 'x'), `./${file}`) ?? '';
    const graph = moduleGraph(module, { lazy: true }, new Set());
    expect(beyondCore(areasShown(graph))).toEqual(beyondCore(areas));
  });
});
