import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import type { TestApp } from '#test/test-app.ts';
import { checkOutBody, parisAt, setClock } from '../counter/counter.test-helpers.ts';

// Shared by the holds' tests (not loaded by the server).

const DAY = 24 * 3600_000;

/**
 * The booking checked out at the desk, returned two days later (with a toll of `toll` when above 0), and its rental
 * paid there in cash: what it still owes is the toll.
 */
export async function returnAtTheDesk(
  t: TestApp,
  desk: { cookie: string },
  id: string,
  daysAhead: number,
  toll: number,
) {
  const call = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: desk, payload });
  setClock(t, new Date(parisAt(daysAhead).getTime() - 3600_000));
  expect((await call(`/api/check-out/${id}`, checkOutBody({ odometer: 9000 }))).statusCode).toBe(200);
  setClock(t, new Date(parisAt(daysAhead).getTime() + 2 * DAY));
  const back = await call(`/api/return/${id}`, { odometer: 9300, fuel: { kind: 'eighths', eighths: 8 } });
  expect(back.statusCode, back.body).toBe(200);
  if (toll > 0) {
    const charge = await call(`/api/add-charge/${id}`, { kind: 'toll', amount: toll, note: 'A6' });
    expect(charge.statusCode, charge.body).toBe(200);
  }
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  const paid = await call(`/api/counter-payment/${id}`, {
    key: `rental-${id.slice(0, 8)}`,
    method: 'cash',
    amount: row!.totalAmount,
  });
  expect(paid.statusCode, paid.body).toBe(200);
}
