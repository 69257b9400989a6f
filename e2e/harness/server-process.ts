// Processes of the built server (server/dist/main.js) that a test starts, kills with SIGKILL and restarts, and a
// small HTTP client that speaks to them as a browser would. Used by the reliability suite and by the e2e specs
// that need a server configured differently from the shared one.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.resolve(here, '../../server/dist/main.js');

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed (shown when a test fails). */
  output: () => string;
  /** Resolves when /api/health answers 200. */
  ready: Promise<void>;
  /** kill -9: no shutdown hook runs, open transactions die with the process. */
  kill9(): Promise<void>;
  /** SIGTERM: the server's graceful shutdown (closes the database cleanly). */
  stop(): Promise<void>;
};

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts `node server/dist/main.js` on `port` with the given environment (DATA_DIR or DATABASE_URL). */
export function startServer(port: number, env: Record<string, string>, readyTimeoutMs = 180_000): ServerProcess {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      RATE_PROVIDERS: 'none',
      // Quick password hashes (serve.mjs says why), but where a test asks for production, which refuses them.
      ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'low' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = exited(child);
  const ready = (async () => {
    const deadline = Date.now() + readyTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`server on ${port} exited (${child.exitCode ?? child.signalCode}) before ready:\n${log}`);
      }
      const res = await request('GET', `${url}/api/health`).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server on ${port} not ready after ${readyTimeoutMs} ms:\n${log}`);
  })();
  ready.catch(() => {});
  return {
    url,
    port,
    child,
    output: () => log,
    ready,
    async kill9() {
      child.kill('SIGKILL');
      await gone;
    },
    async stop() {
      child.kill('SIGTERM');
      await gone;
    },
  };
}

/** JSON from the server: the assertions check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests' assertions, not by types
export type Json = any;

export type Reply = { status: number; body: Json; setCookie: string[] };

/**
 * One HTTP request on a fresh connection (no keep-alive: a killed server leaves no stale socket behind). `from` is
 * the loopback address to send from (any of 127.0.0.0/8 on Linux): the server's limits per address see a visitor
 * of its own.
 */
export function request(
  method: string,
  url: string,
  options: {
    body?: unknown;
    cookie?: string;
    origin?: string;
    timeoutMs?: number;
    /** More headers: a proxy's X-Forwarded-*, say. */
    headers?: Record<string, string>;
    from?: string;
  } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        ...(options.from ? { localAddress: options.from } : {}),
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.origin ? { origin: options.origin } : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: res.statusCode ?? 0, body, setCookie: res.headers['set-cookie'] ?? [] });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}
