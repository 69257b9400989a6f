import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Issue #23, ARCHITECTURE §7: the operator console adds 0 bytes to customer routes. Rolldown puts a module that
// several entries (the app's entry, each lazily imported module) import in a chunk of the modules that exactly the
// same entries import. The console's lazy screens share modules with customer screens (lib/locations, react-aria's
// dialog parts…), so with the console in the build those modules' sets change, and Rolldown cut them out of the
// customer chunks they lived in, into chunks of their own: customer routes loaded the same code as more files
// (measured on main at 5a6c416: `/` +291 B gzip, `/search` +297, `/checkout` +279, `/bookings` +195).
//
// So the web's build first builds the app without the console (web/package.json: `ROAM_NO_CONSOLE=1 vite build`,
// into dist-no-console/), then the app, with one code-splitting group per shared chunk of the first build: every
// customer module goes to the chunk it had there, named as it was there, and the console's chunks import it from
// there. A lazily imported module's own chunk cannot be held so (a group that captures the module makes it a plain
// chunk, and its importers then load a facade): there the console must not share what such a chunk holds alone
// (features/operator/cars/components/places-field.tsx). bench/ci.mjs checks the result.

/**
 * The code-splitting group that puts every customer module of a shared chunk in the chunk the build without the
 * console gave it (`<customerBuild>/.vite/chunk-modules.json`), with the file names to give those chunks and their
 * CSS; null when there is no such build.
 */
export function customerChunkGroup(root: string, customerBuild: string) {
  const file = path.join(root, customerBuild, '.vite/chunk-modules.json');
  if (!existsSync(file)) return null;
  const chunks: Record<string, string[]> = JSON.parse(readFileSync(file, 'utf8'));
  const manifest: Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean }> = JSON.parse(
    readFileSync(path.join(root, customerBuild, '.vite/manifest.json'), 'utf8'),
  );
  const entries = new Set(
    Object.values(manifest).flatMap((chunk) => (chunk.isEntry || chunk.isDynamicEntry ? [chunk.file] : [])),
  );
  const chunkOf = new Map<string, string>();
  const stems = new Map<string, string>();
  for (const [index, [chunk, modules]] of Object.entries(chunks).entries()) {
    const stem = path.basename(chunk).replace(/-[\w-]{8}\.js$/, '');
    if (entries.has(chunk) || stem === 'forms' || stem === 'money') continue;
    stems.set(`roam-c${index}`, stem);
    for (const module of modules) chunkOf.set(path.resolve(root, module), `roam-c${index}`);
  }
  return {
    group: {
      name: (id: string) => chunkOf.get(id) ?? null,
      test: (id: string) => chunkOf.has(id),
      includeDependenciesRecursively: false,
    },
    chunkFileNames: (chunk: { name: string }) => `assets/${stems.get(chunk.name) ?? '[name]'}-[hash].js`,
    // A chunk's CSS is named after the chunk.
    assetFileNames: (asset: { names: string[] }) => {
      const stem = stems.get(asset.names[0]?.replace(/\.css$/, '') ?? '');
      return stem ? `assets/${stem}-[hash][extname]` : 'assets/[name]-[hash][extname]';
    },
  };
}
