import { defineConfig } from '@playwright/test';

// The reliability suite: no browser and no shared web server. Each spec starts, SIGKILLs and restarts its
// own server processes (server/dist/main.js) on its own ports (RELIABILITY_PORT, default 3500, up to +3) and its own
// databases, so it never collides with the browser suite (E2E_PORT, 3100…) or another run.
export default defineConfig({
  testDir: './reliability',
  timeout: 400_000,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
});
