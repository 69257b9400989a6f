// A PostgreSQL database of its own for the scale-out test: a fresh database made from TEST_DATABASE_URL (CI sets it
// to a throw-away cluster's `postgres` database), else a throw-away cluster of Debian's PostgreSQL binaries started
// here on RELIABILITY_PG_PORT (default 54342), else nothing — and the reason, for an explicit skip.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabase = { url: string; describe: string; drop(): Promise<void> };

async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `roam_reliability_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const latest = versions.at(-1);
  return latest ? path.join(root, latest, 'bin') : null;
}

/** A database for the test, or the reason there is none. */
export async function acquireDatabase(): Promise<TestDatabase | { unavailable: string }> {
  if (process.env.TEST_DATABASE_URL) {
    const db = await createDatabase(process.env.TEST_DATABASE_URL);
    return { ...db, describe: 'a fresh database on TEST_DATABASE_URL' };
  }
  const bin = postgresBin();
  if (!bin) {
    return {
      unavailable:
        'PostgreSQL scale-out test not run: TEST_DATABASE_URL is unset and no PostgreSQL binaries exist in ' +
        '/usr/lib/postgresql (install Debian’s postgresql package, or set TEST_DATABASE_URL; CI always does).',
    };
  }
  const port = Number(process.env.RELIABILITY_PG_PORT ?? 54342);
  const root = mkdtempSync(path.join(tmpdir(), 'roam-rel-pg-'));
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster then belongs to the postgres user, as in .ci/run.
  const run = (file: string, args: string[]) => {
    if (asRoot) {
      const quoted = [file, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
      execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
    } else {
      execFileSync(file, args, { stdio: 'pipe' });
    }
  };
  if (asRoot) chownSync(root, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  const data = path.join(root, 'data');
  const stop = () => {
    try {
      run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } catch {}
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(root, 'log'),
      '-o',
      `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  } catch (error) {
    stop();
    throw error;
  }
  const db = await createDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    ...db,
    describe: `a throw-away PostgreSQL cluster (${bin}) on port ${port}`,
    async drop() {
      await db.drop().catch(() => {});
      stop();
    },
  };
}
