import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = { '/api': 'http://127.0.0.1:3000' };

export default defineConfig({
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
  build: {
    outDir: 'dist',
    manifest: true,
    rolldownOptions: {
      // `@roam/contract` builds its zod schemas at module top level. Declaring `z` calls pure lets the
      // bundler drop the schemas (and zod itself) from chunks that only use the contract's plain
      // constants and functions — zod alone would be ~25 KB gzip of the 100 KB budget for `/`
      // (ARCHITECTURE §7). Safe because the contract never calls zod for a side effect (no z.config).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
