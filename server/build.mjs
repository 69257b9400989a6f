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
        // The contract workspace is TypeScript source: bundle it instead of leaving it external.
        b.onResolve({ filter: /^@roam\/contract\// }, (args) => ({
          path: new URL(`../contract/src/${args.path.slice('@roam/contract/'.length)}.ts`, import.meta.url).pathname,
        }));
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
