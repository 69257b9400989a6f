import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

// Real browser (Debian's Chromium), real built app, real server and database, real SMTP (docs/architecture.md §6).
export default defineConfig({
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  reporter: 'list',
  projects: [
    // The reliability suite (no browser, no shared server: each spec starts, SIGKILLs and restarts its own server
    // processes on RELIABILITY_PORT…+3 and its own databases). A project of this run, listed first, so its long tests
    // start at once beside the browser's instead of after the last of them: run after the browser suite, its ~46 s
    // came after the browser suite's tail, where one worker waited on the last long journey. `--project reliability`
    // runs it alone (`npm run test:reliability`).
    { name: 'reliability', testDir: './reliability', timeout: 400_000, retries: 0 },
    {
      name: 'browser',
      testDir: './tests',
      // On CI one retry: the last clean-clone run failed two tests (a wallet checkout, a car's availability screen)
      // that pass alone and in a full local run, in the same minute on two different servers — the machine, not the
      // code. A test that passes only on its retry is listed as "flaky" in the log with its failure report
      // (fixtures.ts), to be fixed, not forgotten; one that fails twice fails the run.
      retries: process.env.CI ? 1 : 0,
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
    // A failed test keeps its trace: actions, DOM snapshots, network, console. The screencast filmstrip is left out:
    // recording it for every test cost ~8 % of the suite's time on the 2-core CI machine (1.8 → 1.6–1.7 min on the
    // booking and search specs, interleaved runs).
    // DOM snapshots are left out too: to keep a page's images the snapshotter fetches them from the page, which the
    // Content-Security-Policy (connect-src 'self') refuses for the map's tiles, failing the test's CSP check.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  webServer: {
    command: 'node harness/serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
