// A throw-away PostgreSQL for the benches (as .ci/run does): Debian's binaries, a private cluster on loopback, fsync
// off, stopped and deleted afterwards. With BENCH_DATABASE_URL set, a fresh database is created on that server
// instead (and dropped afterwards).
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

function pgBin() {
  const root = '/usr/lib/postgresql';
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  if (versions.length === 0) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  return path.join(root, versions.at(-1), 'bin');
}

/** Runs a PostgreSQL binary as the `postgres` user when we are root (initdb refuses root), else as ourselves. */
function run(bin, args) {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot) return execFileSync(bin, args, { stdio: 'pipe' });
  const quoted = [bin, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'pipe' });
}

/** A fresh database: `{ url, stop() }`. `name` labels the database / temp directory. */
export async function startPostgres({ port, name = 'roam-bench' }) {
  if (process.env.BENCH_DATABASE_URL) {
    const admin = new URL(process.env.BENCH_DATABASE_URL);
    const database = `${name.replaceAll('-', '_')}_${process.pid}`;
    const client = new pg.Client({ connectionString: admin.href });
    await client.connect();
    await client.query(`create database ${database}`);
    await client.end();
    const url = new URL(admin.href);
    url.pathname = `/${database}`;
    return {
      url: url.href,
      async stop() {
        const c = new pg.Client({ connectionString: admin.href });
        await c.connect();
        await c.query(`drop database if exists ${database} with (force)`);
        await c.end();
      },
    };
  }
  const bin = pgBin();
  const dir = mkdtempSync(`/tmp/${name}-pg.`);
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
