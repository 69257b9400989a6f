import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { type Database, openDatabase } from '#server/db/client.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let visitors = 0;
/** A distinct address of the benchmarking range (198.18.0.0/15) for each request that names none. */
const nextVisitor = () => {
  visitors += 1;
  return `198.18.${(visitors >> 8) & 255}.${visitors & 255}`;
};

/**
 * `app.inject` as our own page calls the API: every request carries the site's `Origin` (a state-changing
 * call without one is refused), unless the test sends its own `Origin` or `Sec-Fetch-Site`. A header given as
 * `undefined` is left out, so a test can send none: `headers: { origin: undefined }`. Each request comes from an
 * address of its own unless the test names one (`remoteAddress`): the limits per address (sign-in, checkout, unpaid
 * bookings) are tested where they are the subject, with the address the test chose, and do not leak into the rest.
 */
export function injectAsOwnPage(app: FastifyInstance, publicUrl: string): FastifyInstance {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => ReturnType<FastifyInstance['inject']>;
  const patched = (options?: InjectOptions | string) => {
    if (options === undefined || typeof options === 'string') return inject(options as string);
    const given = Object.entries((options.headers ?? {}) as Record<string, unknown>);
    const named = (name: string) => given.some(([key]) => key.toLowerCase() === name);
    const headers = Object.fromEntries(given.filter(([, value]) => value !== undefined));
    if (!named('origin') && !named('sec-fetch-site')) headers.origin = publicUrl;
    return inject({
      ...options,
      headers: headers as InjectOptions['headers'],
      remoteAddress: options.remoteAddress ?? nextVisitor(),
    });
  };
  app.inject = patched as FastifyInstance['inject'];
  return app;
}

/**
 * A real server on a private copy of the migrated, seeded template database: PGlite by default, PostgreSQL in the
 * `server-pg` project (TEST_DATABASE_URL). Nothing is mocked.
 */
/** What NODE_ENV=production requires (config.ts productionRules); the SMTP port is closed: e-mails stay pending. */
export const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://roam.example',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM: 'Roam <no-reply@roam.example>',
} as const;

export async function createTestApp(env: Record<string, string> = {}, options: { logStream?: DestinationStream } = {}) {
  const postgres = inject('postgresTemplate');
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (postgres) {
    const name = `roam_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE roam_test_template`);
    await admin.end();
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: postgres });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const template = new Blob([readFileSync(inject('pgliteTemplate'))]);
    database = await openDatabase({ kind: 'pglite', dataDir: undefined, loadDataDir: template });
  }
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    DATA_DIR: '/tmp/roam-test-data',
    LOG_LEVEL: 'silent',
    // No request leaves the machine: rate-provider tests pass their own local servers.
    RATE_PROVIDERS: 'none',
    // No reminder pass behind a test's back: the reminders tests run it themselves.
    REMINDER_INTERVAL_SECONDS: '0',
    // argon2id at production cost (~0.2 s a hash, more on a shared core) made the suites' sign-ins a large part of
    // their time; the cost itself is proven in auth.service.test.ts. NODE_ENV=production refuses `low`.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'low' }),
    ...env,
  });
  const build = async () => {
    const app = await buildApp({
      config,
      database,
      logger: Boolean(options.logStream),
      logStream: options.logStream,
      webDist: null,
    });
    await app.ready();
    return injectAsOwnPage(app, config.PUBLIC_URL);
  };
  const app = await build();
  const siblings: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    config,
    /** Another server on the same database, as a second process behind a load balancer would be (closed by close). */
    async sibling() {
      const other = await build();
      siblings.push(other);
      return other;
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
