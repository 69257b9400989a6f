// Bundles the server (with @roam/contract inlined) into dist/main.js, and the admin command into dist/admin.js; npm
// packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/admin.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: {},
  plugins: [
    {
      name: 'inline-contract',
      setup(b) {
        // The contract workspace is TypeScript source (and its shared words, JSON): bundle it instead of leaving
        // it external, resolved as its package.json's exports say.
        b.onResolve({ filter: /^@roam\/contract\// }, (args) => {
          const subpath = args.path.slice('@roam/contract/'.length);
          const file = subpath.startsWith('locales/') ? subpath : `src/${subpath}.ts`;
          return { path: new URL(`../contract/${file}`, import.meta.url).pathname };
        });
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
