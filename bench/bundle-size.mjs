// Gzipped JS a first visit to each route downloads (ARCHITECTURE §7): the entry chunk, the route's screen chunk and
// everything either imports statically, read from Vite's build manifest, plus the strings the visit loads in
// English (web/src/i18n/index.ts: the language chunk with the core areas, and the chunk of each area the screen
// shows, per web/src/i18n/areas.json). Shared chunks count for every route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROUTE_SCREENS = {
  '/': 'src/features/home/home-screen.tsx',
  '/search': 'src/features/search/search-screen.tsx',
  '/checkout': 'src/features/checkout/checkout-screen.tsx',
  '/bookings': 'src/features/bookings/bookings-screen.tsx',
};

const STRING_AREAS = JSON.parse(readFileSync(new URL('../web/src/i18n/areas.json', import.meta.url), 'utf8'));

export function routeBundleSizes(webDist) {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const gzip = (file) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;
  const sizes = {};
  for (const [route, screen] of Object.entries(ROUTE_SCREENS)) {
    if (!manifest[screen]) throw new Error(`${screen} is not in the build manifest`);
    const seen = new Set();
    const walk = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) walk(imported);
    };
    walk(entry);
    walk(screen);
    const strings = ['src/i18n/locales/en/index.ts'];
    for (const area of STRING_AREAS.screens[path.basename(screen, '-screen.tsx')] ?? []) {
      strings.push(`src/i18n/locales/en/${area}.json`);
    }
    for (const key of strings) {
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      walk(key);
    }
    const files = [...seen]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: gzip(file) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    sizes[route] = { gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), chunks: files.length, files };
  }
  return sizes;
}
