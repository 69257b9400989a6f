// The production start (README "Production"): NODE_ENV=production stops at once, with a clear message,
// when a required setting is missing; with them set, the built server starts and serves a TLS proxy's requests —
// the client's address from X-Forwarded-For (rate limits per real client), https from X-Forwarded-Proto (secure
// cookies), the public address as the one allowed Origin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SERVER_MAIN } from '../harness/server-process.ts';
import { DEMO, request, type ServerProcess, startServer } from './harness.ts';

const PORT = Number(process.env.RELIABILITY_PORT ?? 3500) + 3;
const PUBLIC_URL = 'https://roam.example';
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL,
  SESSION_SECRET: 'production-test-session-secret-0123456789',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'Roam <no-reply@roam.example>',
};

let dataDir: string;
let server: ServerProcess | undefined;
test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'roam-production-'));
});
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the server to its exit and answers its exit code and what it printed. */
function startUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: String(PORT), DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('refuses to start without what production requires, naming each setting', async () => {
  const { SMTP_URL: _smtp, SESSION_SECRET: _secret, ...missing } = PRODUCTION;
  const refused = await startUntilExit({ ...missing, PUBLIC_URL: 'http://roam.example' });
  expect(refused.code).toBe(78);
  expect(refused.output).toContain('Invalid configuration');
  expect(refused.output).toMatch(/PUBLIC_URL: must be the https:\/\/ address customers use/);
  expect(refused.output).toMatch(/SESSION_SECRET: must be set, the same for every process/);
  expect(refused.output).toMatch(/SMTP_URL: must be set: accounts are activated and passwords reset by e-mail/);
  expect(refused.output).not.toContain('Roam is ready');
});

test('starts with them and serves through a TLS proxy: secure cookies, the real client address, one Origin', async () => {
  server = startServer(PORT, { ...PRODUCTION, DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1', LOG_LEVEL: 'info' });
  await server.ready;
  // The health check answers as soon as the server listens; the line it logs then reaches our pipe a moment later
  // (CI under load read the output before it arrived).
  await expect.poll(() => server?.output()).toContain('Roam is ready');
  const viaProxy = (client: string, extra: Record<string, string> = {}) => ({
    'x-forwarded-for': client,
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'roam.example',
    ...extra,
  });
  const signIn = (client: string, password = DEMO.driver.password) =>
    request('POST', `${server!.url}/api/sign-in/frontend`, {
      origin: PUBLIC_URL,
      headers: viaProxy(client),
      body: { email: DEMO.driver.email, password },
    });

  const signedIn = await signIn('203.0.113.7');
  expect(signedIn.status).toBe(200);
  const cookie = signedIn.setCookie.find((line) => line.startsWith('roam_session='));
  expect(cookie).toMatch(/; Secure/);
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Strict/);

  // Another site's page cannot act for the signed-in driver.
  const foreign = await request('POST', `${server.url}/api/sign-out`, {
    origin: 'https://evil.example',
    headers: viaProxy('203.0.113.7'),
    cookie: cookie?.split(';')[0],
  });
  expect(foreign.status).toBe(403);

  // Rate limits count per client behind the proxy, not per proxy: one client guessing is stopped, another is not.
  let limited = 0;
  for (let attempt = 0; attempt < 25; attempt++) {
    if ((await signIn('198.51.100.23', 'wrong-password')).status === 429) limited++;
  }
  expect(limited).toBeGreaterThan(0);
  expect((await signIn('198.51.100.99')).status).toBe(200);
});
