// Starts the built server (server/dist/main.js) as its own process, on PGlite (DATA_DIR) or PostgreSQL (DATABASE_URL).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../../server/dist/main.js');
/** The node options of the root package's `start` script: the bench measures the process as `npm start` runs it. */
const START_NODE_ARGS =
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'))
    .scripts.start.match(/\bnode ((?:--\S+ )*)server\/dist\/main\.js/)?.[1]
    .split(' ')
    .filter(Boolean) ?? [];

/** `{ url, origin, startedInMs, peakRssMb(), stop() }` once GET /api/health answers. `database`: { dataDir } or { url }. */
export async function startServer({ port, database, env = {} }) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  // node's options as `npm start` gives them (the heap's bound: README "Memory"), then BENCH_SERVER_NODE_ARGS, e.g.
  // `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under the bench's load (written when the process stops).
  const nodeArgs = [...START_NODE_ARGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-bench-session-secret',
      ...(database.url ? { DATABASE_URL: database.url, DATA_DIR: '/tmp/roam-bench-unused' } : {}),
      ...(database.dataDir ? { DATA_DIR: database.dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = null;
  const exit = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = code ?? signal;
      resolve();
    });
  });
  const started = Date.now();
  for (;;) {
    if (exited !== null) throw new Error(`server exited (${exited}) before it was ready`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() - started > 180_000) {
      child.kill('SIGKILL');
      throw new Error('server not ready after 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: origin,
    origin,
    /** From spawn to the first healthy answer: migrations, seed check and whatever the process builds at start. */
    startedInMs: Date.now() - started,
    /** When the process was spawned (epoch ms): a caller times later milestones (the search index built) from it. */
    spawnedAt: started,
    /**
     * The process's peak resident memory so far, in MB (Linux's VmHWM, /proc/<pid>/status); null where there is no
     * /proc. Read it before `stop()`.
     */
    peakRssMb() {
      try {
        const kb = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/^VmHWM:\s+(\d+) kB/m)?.[1];
        return kb ? Math.round(Number(kb) / 1024) : null;
      } catch {
        return null;
      }
    },
    async stop() {
      if (exited === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
    },
  };
}
