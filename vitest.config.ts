import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The suites that knock on every route from outside — malformed and extreme input, password spraying, the client's
 * address — test the HTTP layer's answers, not the database's: they run once, on PGlite (the same PostgreSQL engine).
 * Together they were ~40 % of the PostgreSQL project's time on the 2-core CI machine, which must finish in 20 minutes.
 * The ownership and role matrices, which read and write through every repository, run on both.
 */
const HTTP_LAYER_SUITES = [
  'src/security/fuzz.test.ts',
  'src/security/fuzz-schema.test.ts',
  'src/security/sign-in-spraying.test.ts',
  'src/security/client-address.test.ts',
];

const serverProject = (name: 'server' | 'server-pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts'],
    exclude: name === 'server-pg' ? HTTP_LAYER_SUITES : [],
    globalSetup: ['./test/global-setup.ts'],
    // Password hashing (argon2id at production cost) dominates the auth tests: seconds on an idle machine, but a
    // clean-clone CI run beside other builds saw 30 s pass (change-password, load average 22).
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Each file builds its own app on its own database and no test mocks a module or changes the environment, so the
    // files of a worker can share its loaded modules: importing the server afresh for every file was ~40 % of the
    // suite's time (260 → 164 s for the whole run on an idle 2-core machine; the CI clean clone had reached 15 min).
    isolate: false,
  },
});

// One runner, three kinds of test: pure units (contract, web) and API integration on a real database (server),
// also on PostgreSQL when TEST_DATABASE_URL is set (ARCHITECTURE §6).
export default defineConfig({
  test: {
    // One worker per core (vitest's default leaves one core idle): the server suites spend much of their time
    // waiting on the database, and on the 2-core CI machine this takes the run from ~6 min to ~4.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'] } },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test-setup.ts'],
          // A screen test types, waits for the lazily loaded form rules and re-renders in jsdom: 0.3–2 s alone, but
          // past vitest's 5 s default when it shares the 2-core machine with the server suites (seen in full runs).
          testTimeout: 20_000,
        },
      },
      serverProject('server'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg')] : []),
    ],
  },
});
