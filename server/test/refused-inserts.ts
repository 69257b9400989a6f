import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Runs `body` while every insert into `table` fails, as a stand-in for a process killed before its transaction
 * commits (e2e/reliability kills real ones): what the failed transactions wrote must all roll back.
 */
export async function withRefusedInserts(
  db: Db,
  table: 'outbox' | 'notifications' | 'invoices',
  body: () => Promise<void>,
) {
  await db.execute(
    sql.raw(`create or replace function test_refuse_insert() returns trigger
    language plpgsql as $$ begin raise exception 'insert into ${table} refused by the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_refuse_insert before insert on ${table}
    for each row execute function test_refuse_insert()`),
  );
  try {
    await body();
  } finally {
    await db.execute(sql.raw(`drop trigger if exists test_refuse_insert on ${table}`));
  }
}
