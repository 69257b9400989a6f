import path from 'node:path';
import { defineConfig } from 'vite';
import { api, chunkGroups, chunkModules, commonPlugins, precompress } from './vite.config.ts';

// The console's build: its own page (console.html, src/console/main.tsx) and chunks, into dist/operator/ under the
// address /operator/ — its files at /operator/assets/…, hashed, long-cached and pre-compressed as the customer's
// (server/src/plugins/web-app.ts). A build of its own, so that the customer app's build has no console module by
// construction and its chunks are cut as if the console did not exist (bench/ci.mjs checks both).
export default defineConfig({
  base: '/operator/',
  // The favicon and the other public files are the customer build's, at the site's root.
  publicDir: false,
  plugins: [...commonPlugins(), precompress(), chunkModules()],
  server: { proxy: api },
  build: {
    outDir: 'dist/operator',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: path.resolve(import.meta.dirname, 'console.html'),
      output: { codeSplitting: { groups: chunkGroups('console') } },
    },
  },
});
