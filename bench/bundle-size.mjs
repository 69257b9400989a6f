// Gzipped JS a first visit to each route downloads (docs/architecture.md §7): the entry chunk, the route's screen chunk and
// everything either imports statically, read from Vite's build manifest, plus the strings the visit loads in
// English (web/src/i18n/index.ts: the language chunk with the core areas, and the chunk of each area the screen
// shows, per web/src/i18n/areas.json). Shared chunks count for every route.
//
// The customer app is web/dist/ (index.html); the operators' console is its own build, web/dist/operator/
// (console.html, web/vite.console.config.ts): its first load is its entry, its English language chunk (the core
// areas and its navigation's), the screen and the areas the screen shows (areas.json, `console.screens`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROUTE_SCREENS = {
  '/': 'src/features/home/home-screen.tsx',
  '/search': 'src/features/search/search-screen.tsx',
  '/checkout': 'src/features/checkout/checkout-screen.tsx',
  '/bookings': 'src/features/bookings/bookings-screen.tsx',
};

/** The console's first loads: `/operator/dashboard` is its home; the fleet's list and the scheduler its heaviest. */
export const CONSOLE_SCREENS = {
  '/operator/dashboard': 'src/console/dashboard/dashboard-screen.tsx',
  '/operator/cars': 'src/console/fleet/car-list-screen.tsx',
  '/operator/scheduler': 'src/console/scheduler/scheduler-screen.tsx',
};

/** A module of the console: its code (web/src/console/), or its strings (web/src/i18n/locales/<language>/operator*.json). */
export const isConsoleModule = (module) =>
  module.startsWith('src/console/') || /^src\/i18n\/locales\/\w+\/(operator[\w-]*\.json|console\.ts)$/.test(module);

const STRING_AREAS = JSON.parse(readFileSync(new URL('../web/src/i18n/areas.json', import.meta.url), 'utf8'));

/** The gzipped bytes of `keys` (manifest entries) and all they import statically, largest chunk first. */
function measurer(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzip = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  return (keys) => {
    const seen = new Set();
    const walk = (key) => {
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest of ${dist}`);
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported);
    };
    for (const key of [entry, ...keys]) walk(key);
    const files = [...seen]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: gzip(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), chunks: files.length, files };
  };
}

const areaFiles = (areas) => areas.map((area) => `src/i18n/locales/en/${area}.json`);

/**
 * Per route: the gzipped bytes, the chunk count and each chunk (largest first), with `kind` 'customer' or 'console':
 * the customer routes from `webDist`, the console's from its build in `webDist`/operator.
 */
export function routeBundleSizes(webDist) {
  const sizes = {};
  const customer = measurer(webDist);
  for (const [route, screen] of Object.entries(ROUTE_SCREENS)) {
    const areas = STRING_AREAS.screens[path.basename(screen, '-screen.tsx')] ?? [];
    sizes[route] = { kind: 'customer', ...customer(['src/i18n/locales/en/index.ts', screen, ...areaFiles(areas)]) };
  }
  const consoleApp = measurer(path.join(webDist, 'operator'));
  for (const [route, screen] of Object.entries(CONSOLE_SCREENS)) {
    const areas = STRING_AREAS.console.screens[path.basename(screen, '-screen.tsx')] ?? [];
    sizes[route] = { kind: 'console', ...consoleApp(['src/i18n/locales/en/console.ts', screen, ...areaFiles(areas)]) };
  }
  return sizes;
}

/**
 * The console's modules (`isConsoleModule`) in the customer app's build, from the list the build writes
 * (web/vite.config.ts, `.vite/chunk-modules.json`): none, by construction, unless a customer module imports one.
 */
export function consoleModulesInCustomerBuild(webDist) {
  const modulesOf = JSON.parse(readFileSync(path.join(webDist, '.vite/chunk-modules.json'), 'utf8'));
  return Object.entries(modulesOf).flatMap(([file, modules]) =>
    modules.filter(isConsoleModule).map((module) => ({ file, module })),
  );
}
