// Gzipped JS a first visit to each route downloads (ARCHITECTURE §7): the entry chunk, the route's screen chunk and
// everything either imports statically, read from Vite's build manifest, plus the strings the visit loads in
// English (web/src/i18n/index.ts: the language chunk with the core areas, and the chunk of each area the screen
// shows, per web/src/i18n/areas.json). Shared chunks count for every route.
//
// Operator screens (issue #23) are reached through the not-found screen, which opens the console for an operator
// (web/src/app/not-found-screen.tsx), then the console, then the screen, each loaded lazily: a visit downloads all
// three with the entry, and the strings the console loads (its loader's glob: every area it names, in English).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROUTE_SCREENS = {
  '/': 'src/features/home/home-screen.tsx',
  '/search': 'src/features/search/search-screen.tsx',
  '/checkout': 'src/features/checkout/checkout-screen.tsx',
  '/bookings': 'src/features/bookings/bookings-screen.tsx',
};

const OPERATOR_DOOR = ['src/app/not-found-screen.tsx', 'src/console/app/console-layout.tsx'];
export const OPERATOR_SCREENS = {
  '/operator/cars': 'src/console/fleet/car-list-screen.tsx',
  '/operator/scheduler': 'src/console/scheduler/scheduler-screen.tsx',
  '/operator/dashboard': 'src/console/dashboard/dashboard-screen.tsx',
};

/** A module of the operator console: its feature, or its strings (web/src/i18n/locales/<language>/operator*.json). */
export const isOperatorModule = (module) =>
  module.startsWith('src/console/') || /^src\/i18n\/locales\/\w+\/operator[\w-]*\.json$/.test(module);

const STRING_AREAS = JSON.parse(readFileSync(new URL('../web/src/i18n/areas.json', import.meta.url), 'utf8'));

/**
 * Per route: the gzipped bytes, the chunk count and each chunk (largest first), with `kind` 'customer' or 'operator';
 * the customer routes only with `customerOnly` (a build without the console: web/vite.config.ts, ROAM_NO_CONSOLE).
 */
export function routeBundleSizes(webDist, { customerOnly = false } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzip = (file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  const measure = (keys) => {
    const seen = new Set();
    const walk = (key) => {
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported);
    };
    for (const key of [entry, 'src/i18n/locales/en/index.ts', ...keys]) walk(key);
    const files = [...seen]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: gzip(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), chunks: files.length, files };
  };

  const sizes = {};
  for (const [route, screen] of Object.entries(ROUTE_SCREENS)) {
    const areas = STRING_AREAS.screens[path.basename(screen, '-screen.tsx')] ?? [];
    sizes[route] = {
      kind: 'customer',
      ...measure([screen, ...areas.map((area) => `src/i18n/locales/en/${area}.json`)]),
    };
  }
  const consoleStrings = (manifest[OPERATOR_DOOR[1]]?.dynamicImports ?? []).filter((key) =>
    key.startsWith('src/i18n/locales/en/'),
  );
  for (const [route, screen] of customerOnly ? [] : Object.entries(OPERATOR_SCREENS)) {
    sizes[route] = { kind: 'operator', ...measure([...OPERATOR_DOOR, screen, ...consoleStrings]) };
  }
  return sizes;
}

/**
 * The operator modules (`isOperatorModule`) in each customer route's chunks, from the list the build writes
 * (web/vite.config.ts, `.vite/chunk-modules.json`): [] when the console adds nothing to them.
 */
export function operatorModulesInCustomerRoutes(webDist, sizes) {
  const modulesOf = JSON.parse(readFileSync(path.join(webDist, '.vite/chunk-modules.json'), 'utf8'));
  return Object.entries(sizes)
    .filter(([, size]) => size.kind === 'customer')
    .flatMap(([route, { files }]) =>
      files.flatMap(({ file }) =>
        (modulesOf[file] ?? []).filter(isOperatorModule).map((module) => ({ route, file, module })),
      ),
    );
}

/** A file's text with every hashed file name (`name-AbCd1234.js`) written `name-HASH.js`, and its name likewise. */
const unhashed = (text) => text.replace(/-[\w-]{8}\.(js|css)\b/g, '-HASH.$1');

/**
 * The customer chunks that a build with the console (`webDist`) does not give exactly as the same build without it
 * (`customerDist`: web/vite.config.ts, ROAM_NO_CONSOLE): each chunk of the latter, found by its modules in the
 * former, must have the same code, hashed file names aside (the entry names the not-found screen's chunk, which
 * differs by the console's import alone, so every hash differs). [] when the console adds 0 bytes to customers.
 */
export function customerChunkDifferences(webDist, customerDist) {
  const read = (dist) => JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8'));
  const withConsole = new Map(Object.entries(read(webDist)).map(([file, modules]) => [modules.join('\n'), file]));
  const differences = [];
  for (const [file, modules] of Object.entries(read(customerDist))) {
    // The console's door: its chunk imports the console in one build and an empty module in the other.
    if (modules.length === 0 || modules.includes(OPERATOR_DOOR[0])) continue;
    // A chunk of CSS alone, which Vite leaves out of the build.
    if (!existsSync(path.join(customerDist, file))) continue;
    const other = withConsole.get(modules.join('\n'));
    if (!other) {
      differences.push({ chunk: file, difference: 'its modules are not one chunk with the console' });
      continue;
    }
    const code = (dist, name) => unhashed(readFileSync(path.join(dist, name), 'utf8'));
    if (unhashed(other) !== unhashed(file) || code(webDist, other) !== code(customerDist, file))
      differences.push({ chunk: file, difference: `${other} differs` });
  }
  return differences;
}
