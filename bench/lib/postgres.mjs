// A throw-away PostgreSQL for the benches (as .ci/run does): Debian's binaries, a private cluster on loopback, fsync
// off, stopped and deleted afterwards. With BENCH_DATABASE_URL set, a fresh database is created on that server
// instead (and dropped afterwards) — or, with BENCH_DATASET_DB=<name> too, the database of that name is kept with its
// generated dataset, and a later run asking for the same sizes reuses it (`reused`: no seeding, no generation; the
// 10× dataset takes many minutes to generate).
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

/** The comment a kept database carries once its dataset is complete: its sizes, then when it was generated. */
const datasetLabel = ({ cars, bookings }) => `roam-bench dataset: ${cars} cars / ${bookings} bookings`;

/**
 * BENCH_DATASET_DB on BENCH_DATABASE_URL's server: `reused` when it holds a complete dataset of `sizes` (its comment,
 * written by `markGenerated` after the generation); else it is created afresh. Never dropped.
 */
async function keptDatabase(admin, database, sizes) {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`BENCH_DATASET_DB: ${database} is not a plain name`);
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select shobj_description(oid, 'pg_database') as label from pg_database where datname = $1`,
      [database],
    );
    const label = rows[0]?.label ?? null;
    const reused = label?.startsWith(`${datasetLabel(sizes)},`) ?? false;
    if (!reused) {
      await client.query(`drop database if exists ${database} with (force)`);
      await client.query(`create database ${database}`);
    }
    const url = new URL(admin.href);
    url.pathname = `/${database}`;
    return {
      url: url.href,
      reused,
      generatedAt: reused ? label.slice(label.indexOf(',') + 2) : null,
      async markGenerated() {
        const c = new pg.Client({ connectionString: admin.href });
        await c.connect();
        await c.query(`comment on database ${database} is '${datasetLabel(sizes)}, ${new Date().toISOString()}'`);
        await c.end();
      },
      async stop() {},
    };
  } finally {
    await client.end();
  }
}

/**
 * A database for a run: `{ url, stop(), reused?, markGenerated? }`. `name` labels the database / temp directory;
 * `sizes` ({ cars, bookings }) names the dataset a kept database (BENCH_DATASET_DB) must hold to be reused.
 */
export async function startPostgres({ port, name = 'roam-bench', sizes }) {
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_DATASET_DB && sizes) {
    return keptDatabase(new URL(process.env.BENCH_DATABASE_URL), process.env.BENCH_DATASET_DB, sizes);
  }
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
