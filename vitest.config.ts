import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * On PostgreSQL (CI's Debian 15, beside PGlite's 18) the suites that depend on the engine and on several connections:
 * migrations, constraints and the ledger's backfill; the statement's sums in SQL; the ownership and role matrices,
 * which call every route and so every repository's statements; and the races — concurrent checkouts, a promo code's
 * last use, counter actions, invoice numbers, held cars, rate-limit counters, the outbox and in-flight requests. The
 * other feature suites run once, on PGlite (the same PostgreSQL engine): running all of them twice took ~4 minutes of
 * the 2-core CI machine, which must finish in 20. The seed's own tests (src/db/seed/) stay on PGlite: they open their
 * own PGlite databases or none, so under server-pg they ran the same code again (~34 s); the seed on PostgreSQL is
 * what the server-pg template (test/global-setup.ts) and the reliability suite run.
 * `TEST_DATABASE_URL=… npx vitest run --project server-pg <path>` runs any other file on PostgreSQL by hand.
 */
const POSTGRES_SUITES = [
  'src/db/*.test.ts',
  'src/security/ownership.test.ts',
  'src/security/role-matrix.test.ts',
  'src/security/holds.test.ts',
  'src/features/checkout/checkout-concurrency.test.ts',
  'src/features/promo-codes/promo-race.test.ts',
  'src/features/catalogue-extras/catalogue-extras-race.test.ts',
  'src/features/counter/counter-race.test.ts',
  'src/features/counter/close-race.test.ts',
  'src/features/invoices/invoices.test.ts',
  'src/features/statements/statement-sql.test.ts',
  'src/features/reminders/reminders.test.ts',
  'src/plugins/rate-limit.test.ts',
  'src/plugins/in-flight.test.ts',
  'src/lib/mailer.test.ts',
  // The index follows other processes' writes through PostgreSQL's snapshots (xmin), which PGlite has no second
  // connection to show.
  'src/features/cars/search.index.test.ts',
];

/**
 * The two matrices run on one engine: PostgreSQL when the run has one (CI), else PGlite. What they prove — who may
 * call what, on whose records — no engine changes; they are on PostgreSQL for its statements, and on PGlite every
 * route is called as well by the feature suites and with well-formed requests by fuzz-schema.test.ts. On both engines
 * they were the suite's two longest files, ~2 × 40 s of CPU more per run (docs/architecture.md §6).
 */
const ONE_ENGINE_SUITES = ['src/security/ownership.test.ts', 'src/security/role-matrix.test.ts'];

const serverProject = (name: 'server' | 'server-pg'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: './server',
    include: name === 'server-pg' ? POSTGRES_SUITES : ['src/**/*.test.ts'],
    exclude:
      name === 'server' && process.env.TEST_DATABASE_URL
        ? [...configDefaults.exclude, ...ONE_ENGINE_SUITES]
        : configDefaults.exclude,
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
          // A test that needs no DOM says `// @vitest-environment node` on its first line: a jsdom is ~1 s of CPU per
          // file (8 such files: 22.5 -> 14.2 s of CPU with their two DOM-using neighbours, measured together).
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
