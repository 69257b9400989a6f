import type { Statement } from '@roam/contract/statements';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { thisMonth as month, paidToday } from '#test/statement-fixtures.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A member limited to branches reads the statement of the bookings there only (docs/decisions/0010-members-of-a-
// business.md), as the desk's list: the accountant of Lyon does not see a Paris booking's invoice and payment, the
// accountant of Paris does, and one limited to none sees the whole business's month. Its CSV is the same statement.

describe('the statement of a member limited to branches', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let accountant: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_IDS.users.supplier);
    accountant = await signIn(t.db, DEMO_ACCOUNTS.accountant.id);
  });
  afterAll(() => t.close());

  const limitTo = async (branchIds: string[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-member/${DEMO_ACCOUNTS.accountant.id}`,
      headers: owner,
      payload: { branchIds },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rowsOf = async (bookingId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statement?month=${month()}&size=500`,
      headers: accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Statement).rows.filter((row) => row.bookingId === bookingId).map((row) => row.type);
  };
  const csvHas = async (bookingId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/statement-export?month=${month()}&format=csv`,
      headers: accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The payment's row names its gateway reference.
    return res.body.includes(`demo_paid_${bookingId}`);
  };

  it('shows the bookings of its branches only, and the whole month when limited to none', async () => {
    // A Paris-CDG rental (picked up and returned there) paid online today: an invoice and a payment this month.
    const row = await paidToday(t, 9000);
    const [booked] = await t.db.select().from(bookings).where(eq(bookings.id, row.id));
    expect(booked!.pickupLocationId).toBe(DEMO_IDS.locations.parisCdg);

    await limitTo([DEMO_IDS.locations.lyonAirport]);
    expect(await rowsOf(row.id)).toEqual([]);
    expect(await csvHas(row.id)).toBe(false);

    await limitTo([DEMO_IDS.locations.parisCdg]);
    expect((await rowsOf(row.id)).sort()).toEqual(['invoice', 'payment']);
    expect(await csvHas(row.id)).toBe(true);

    await limitTo([]);
    expect((await rowsOf(row.id)).sort()).toEqual(['invoice', 'payment']);
  });
});
