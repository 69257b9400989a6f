import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { PGLITE_VACUUM_EVERY_MS, vacuumPglite } from '#server/db/pglite-vacuum.ts';
import { DEMO_IDS, seedDemoData } from '#server/db/seed/seed.ts';
import { storeClosedReceipt } from '#server/features/counter/settlement.service.ts';
import { invoiceRecordedPayments } from '#server/features/ledger/ledger.service.ts';
import { prepareFirstAdmin } from '#server/features/setup/setup.service.ts';
import { DRAIN_TIMEOUT_MS } from '#server/plugins/in-flight.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

// Start-up order of docs/architecture.md §2: config → database → migrations → demo data → listen.
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const started = performance.now();
  const database = await openDatabase(
    config.database.kind === 'pglite' ? { kind: 'pglite', dataDir: config.database.dataDir } : config.database,
  );
  await migrateDatabase(database);
  const app = await buildApp({ config, database });
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(database.db, config.PASSWORD_HASH_COST);
    if (seeded) {
      // The demo's own bookings show their invoices (the seed writes their payments beside the ledger's service),
      // and its closed rental its final receipt, drawn as a close draws it.
      await invoiceRecordedPayments(app.context, Object.values(DEMO_IDS.bookings));
      await storeClosedReceipt(app.context, DEMO_IDS.bookings.demoClosed);
      app.log.info(seeded, 'demo data loaded');
    }
  }
  await announceFirstAdmin(app);
  // PGlite has no autovacuum (db/pglite-vacuum.ts): a pass before the first request, then hourly in the background.
  let vacuum: NodeJS.Timeout | undefined;
  if (database.kind === 'pglite') {
    const vacuumStarted = performance.now();
    await vacuumPglite(database);
    app.log.info({ ms: Math.round(performance.now() - vacuumStarted) }, 'database vacuumed');
    vacuum = setInterval(
      () => app.inFlight.run('database vacuum failed', () => vacuumPglite(database)),
      PGLITE_VACUUM_EVERY_MS,
    ).unref();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(vacuum);
    app.log.info({ signal }, 'shutting down');
    // app.close waits for running handlers up to DRAIN_TIMEOUT_MS (plugins/in-flight.ts) before the database closes;
    // this bound is for what it cannot wait out (a live client still holding a slow response).
    const force = setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS + 5_000).unref();
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ url: config.PUBLIC_URL, ms: Math.round(performance.now() - started) }, 'Roam is ready');
  // The car search's index loads the fleet and its bookings on first use: load it now, not on a driver's search.
  // Run as background work: a shutdown during the warm-up waits for it before the database closes.
  app.inFlight.run('car search index: warm-up failed (retried on first search)', () =>
    app.context.searchIndex.current(),
  );
}

/**
 * A database without an admin gets one: from ADMIN_EMAIL and its password, or through the one-time set-up
 * link written here — the one link that goes to the log: whoever started the server is the only one who can read it,
 * and there is nobody to e-mail it to yet.
 */
async function announceFirstAdmin(app: Awaited<ReturnType<typeof buildApp>>) {
  const outcome = await prepareFirstAdmin(app.context);
  if (outcome.kind === 'created') app.log.info({ email: outcome.email }, 'first admin created from ADMIN_EMAIL');
  if (outcome.kind === 'link') {
    app.log.warn(
      { setupUrl: outcome.url, expiresAt: outcome.expiresAt.toISOString() },
      `No admin yet: open ${outcome.url} to create the first one (one use, 24 hours; a new link at each start)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
