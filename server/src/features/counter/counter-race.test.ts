import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingCharges, inspections } from '#server/db/schema.ts';
import { DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertCar, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// Two operators at one booking at once (docs/architecture.md §5 "After the booking"): the booking's row is locked and
// its status checked under the lock, so one check-out and one return win and the other gets 409, with one inspection,
// one set of charges and one audit row. Run on PostgreSQL too (vitest project server-pg), where the requests really
// run at once on two servers sharing the database, as two processes behind a load balancer would.

describe('the counter under concurrent operators', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_IDS.users.supplier);
    admin = await signIn(t.db, DEMO_IDS.users.admin);
  });
  afterAll(() => t.close());

  it('one check-out and one return win; the other operator gets 409 and nothing is written twice', async () => {
    const other = await t.sibling();
    other.context.clock = t.app.context.clock;
    const id = await insertRental(t, 8, 2, { carId: await insertCar(t) });
    const clock = { now: () => new Date(parisAt(8).getTime() - 3600_000) };
    t.app.context.clock = clock;
    other.context.clock = clock;

    const outs = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/check-out/${id}`, headers: supplier, payload: checkOutBody() }),
      other.inject({ method: 'POST', url: `/api/check-out/${id}`, headers: admin, payload: checkOutBody() }),
    ]);
    expect(outs.map((res) => res.statusCode).sort()).toEqual([200, 409]);

    const returnedAt = { now: () => new Date(parisAt(10).getTime()) };
    t.app.context.clock = returnedAt;
    other.context.clock = returnedAt;
    const readings = { odometer: 12900, fuel: { kind: 'eighths', eighths: 6 }, cleaning: true };
    const backs = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/return/${id}`, headers: supplier, payload: readings }),
      other.inject({ method: 'POST', url: `/api/return/${id}`, headers: admin, payload: readings }),
    ]);
    expect(backs.map((res) => res.statusCode).sort()).toEqual([200, 409]);

    expect(await t.db.select().from(inspections).where(eq(inspections.bookingId, id))).toHaveLength(2);
    const charges = await t.db.select().from(bookingCharges).where(eq(bookingCharges.bookingId, id));
    expect(charges.map((charge) => charge.kind).sort()).toEqual(['cleaning', 'fuel']);
    const trail = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(trail.map((entry) => entry.action).sort()).toEqual(['checkOut', 'return']);
    setClock(t, new Date());
  });
});
