import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations into ./drizzle from the schema; they are committed and run at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/enums.ts', './src/db/schema.ts'],
  out: './drizzle',
});
