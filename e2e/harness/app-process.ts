import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../../server/dist/main.js');

export type AppProcess = { url: string; process: ChildProcess; stop(): Promise<void> };

/**
 * The built server as its own process on `port`, on a fresh PGlite data directory with the demo data, configured
 * by `env` (for tests that need a configuration the shared e2e server does not have). Resolves once healthy.
 */
export async function startApp(port: number, env: Record<string, string>): Promise<AppProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-e2e-app-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Nothing leaves the machine: the bundled rate snapshot, and map tiles from the app itself (any image will do).
      RATE_PROVIDERS: 'none',
      MAP_TILE_URL: `${url}/favicon.svg?tile={z}/{x}/{y}`,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { url, process: child, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on port ${port} did not become healthy`);
}
