// The reliability suite's harness (issue #8): real server processes (the built server/dist/main.js) that a test
// starts, kills with SIGKILL and restarts, and a small HTTP client that speaks to them as a browser would (session
// cookie, Origin = PUBLIC_URL). No browser and no shared e2e web server: every test owns its processes and ports.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedId } from '../../server/src/db/seed/random.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.resolve(here, '../../server/dist/main.js');

/** The demo data's fixed ids (server/src/db/seed: ids are computed from stable names, no seed run needed). */
export const DEMO = {
  driver: { id: seedId('user:driver'), email: 'driver@roam.localhost', password: 'Driver-2026!' },
  driver2: { id: seedId('user:driver2'), email: 'driver2@roam.localhost', password: 'Driver-2026!' },
  clio: seedId('car:clio'),
  parisCdg: seedId('location:parisCdg'),
};

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

/** One HTTP request on a fresh connection (no keep-alive: a killed server leaves no stale socket behind). */
export function request(
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string; origin?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.origin ? { origin: options.origin } : {}),
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

/** A signed-in browser: its session cookie and the site's Origin on every state-changing call. */
export type Client = {
  userId: string;
  cookie: string;
  call(server: { url: string }, method: string, pathname: string, body?: unknown): Promise<Reply>;
};

export function clientOf(userId: string, cookie: string, origin: (server: { url: string }) => string): Client {
  return {
    userId,
    cookie,
    call: (server, method, pathname, body) =>
      request(method, `${server.url}${pathname}`, { body, cookie, origin: origin(server) }),
  };
}

export async function signIn(
  server: { url: string },
  account: { id: string; email: string; password: string },
): Promise<Client> {
  const res = await request('POST', `${server.url}/api/sign-in/frontend`, {
    body: { email: account.email, password: account.password, stayConnected: true },
    origin: server.url,
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${account.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = res.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('roam_session='));
  if (!cookie) throw new Error('no session cookie');
  return clientOf(account.id, cookie, (s) => s.url);
}

/** 10:00 UTC (11:00 or 12:00 in Paris: within opening hours) `daysAhead` days from now, for `days` days. */
export function period(daysAhead: number, days = 1) {
  const at = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    date.setUTCHours(10, 0, 0, 0);
    return date.toISOString();
  };
  return { pickupAt: at(daysAhead), dropoffAt: at(daysAhead + days) };
}

export function checkoutBody(
  when: { pickupAt: string; dropoffAt: string },
  paymentOption: 'payLater' | 'deposit' | 'full',
  carId = DEMO.clio,
) {
  return {
    carId,
    pickupLocationId: DEMO.parisCdg,
    dropoffLocationId: DEMO.parisCdg,
    ...when,
    extras: {},
    paymentOption,
    currency: 'EUR',
  };
}

/** The demo gateway's succeeding test card (ARCHITECTURE §5). */
export const DEMO_CARD = {
  cardholder: 'Camille Martin',
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`,
  cvc: '123',
};

export type Outcome = { status: number; body: Json } | { error: string };

/** Fires every call at once and records what each caller saw: a response, or a broken connection. */
export function fire(calls: (() => Promise<Reply>)[]) {
  const outcomes: (Outcome | undefined)[] = calls.map(() => undefined);
  let answered = 0;
  const all = Promise.all(
    calls.map((call, i) =>
      call().then(
        (res) => {
          outcomes[i] = { status: res.status, body: res.body };
          answered++;
        },
        (error: Error) => {
          outcomes[i] = { error: error.message };
        },
      ),
    ),
  );
  return {
    outcomes,
    answered: () => answered,
    /** Resolves once `n` responses have arrived (or everything settled). */
    async whenAnswered(n: number) {
      while (answered < n && outcomes.some((o) => o === undefined)) await new Promise((r) => setTimeout(r, 5));
    },
    settled: all,
  };
}

export const statusOf = (o: Outcome | undefined) => (o && 'status' in o ? o.status : null);
export const bodyOf = (o: Outcome | undefined): Json => (o && 'body' in o ? o.body : null);
