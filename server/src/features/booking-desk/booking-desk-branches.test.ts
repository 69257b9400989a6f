import { DeskBookingsPageSchema, DeskTotalsAnswerSchema } from '@roam/contract/booking-desk.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A member limited to branches sees the bookings picked up or returned there only
// (docs/decisions/0010-members-of-a-business.md): in the desk's list, its totals and the bookings export, as the
// counter and the booking view already check. The accountant (bookings and exports, read only) is limited here.

type Headers = { cookie: string };

describe('the bookings desk and a member’s branches', () => {
  let t: TestApp;
  let owner: Headers;
  let accountant: Headers;
  const accountantId = DEMO_ACCOUNTS.accountant.id;
  const ids = {} as Record<'paris' | 'lyon' | 'lyonToParis', string>;
  const days = { paris: 300, lyon: 304, lyonToParis: 308 } as const;
  const day = (ahead: number) => new Date(period(ahead).pickupAt).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_IDS.users.supplier);
    accountant = await signIn(t.db, accountantId);
    const [person] = await t.db
      .insert(users)
      .values({ email: 'bruno.branch@example.org', fullName: 'Bruno Branchfinder', verified: true })
      .returning();
    const { parisCdg, lyonAirport } = DEMO_IDS.locations;
    const places = {
      paris: [parisCdg, parisCdg],
      lyon: [lyonAirport, lyonAirport],
      lyonToParis: [lyonAirport, parisCdg],
    } as const;
    for (const key of Object.keys(places) as (keyof typeof places)[]) {
      const [pickupLocationId, dropoffLocationId] = places[key];
      const [row] = await t.db
        .insert(bookings)
        .values(
          bookingRow(period(days[key]), {
            driverId: person!.id,
            pickupLocationId,
            dropoffLocationId,
            totalAmount: 1000 * days[key],
          }),
        )
        .returning({ id: bookings.id });
      ids[key] = row!.id;
    }
  });
  afterAll(() => t.close());

  const limitTo = async (branchIds: string[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-member/${accountantId}`,
      headers: owner,
      payload: { branchIds },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const listed = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-bookings/1/50',
      headers: accountant,
      payload: { search: 'branchfinder' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Set(DeskBookingsPageSchema.parse(res.json()).results.map((row) => row._id));
  };
  const totals = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-bookings-totals',
      headers: accountant,
      payload: { search: 'branchfinder' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return DeskTotalsAnswerSchema.parse(res.json());
  };
  const exported = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/export-bookings?from=${day(days.paris)}&to=${day(days.lyonToParis + 1)}&language=en`,
      headers: accountant,
    });
    expect(res.statusCode, res.body).toBe(200);
    return new Set(Object.values(ids).filter((id) => res.body.includes(id)));
  };

  it('limited to Lyon: the list, its totals and the export hold Lyon’s bookings, never Paris-only ones', async () => {
    await limitTo([DEMO_IDS.locations.lyonAirport]);
    const lyons = new Set([ids.lyon, ids.lyonToParis]);
    expect(await listed()).toEqual(lyons);
    expect(await totals()).toMatchObject({ totalCount: 2 });
    expect(await exported()).toEqual(lyons);
  });

  it('limited to Paris: the bookings picked up or returned at Paris; limited to none: all of them', async () => {
    await limitTo([DEMO_IDS.locations.parisCdg]);
    const parises = new Set([ids.paris, ids.lyonToParis]);
    expect(await listed()).toEqual(parises);
    expect((await totals()).totalCount).toBe(2);
    expect(await exported()).toEqual(parises);

    await limitTo([]);
    expect(await listed()).toEqual(new Set(Object.values(ids)));
    expect((await totals()).totalCount).toBe(3);
    expect(await exported()).toEqual(new Set(Object.values(ids)));
  });

  it('the owner (no branch) keeps every booking however a member is limited', async () => {
    await limitTo([DEMO_IDS.locations.lyonAirport]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/operator-bookings-totals',
      headers: owner,
      payload: { search: 'branchfinder' },
    });
    expect(DeskTotalsAnswerSchema.parse(res.json()).totalCount).toBe(3);
  });

  it('keeps a filter’s totals a minute per scope; `fresh` sums them now; no scope gets another’s', async () => {
    const ask = async (headers: Headers, fresh?: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/operator-bookings-totals',
        headers,
        payload: { search: 'branchfinder', statuses: ['reserved'], ...(fresh ? { fresh } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return DeskTotalsAnswerSchema.parse(res.json());
    };
    const first = await ask(owner);
    expect(first.totalCount).toBe(3);
    const [person] = await t.db.select({ id: bookings.driverId }).from(bookings).where(eq(bookings.id, ids.paris));
    const [added] = await t.db
      .insert(bookings)
      .values(bookingRow(period(320), { driverId: person!.id, pickupLocationId: DEMO_IDS.locations.lyonAirport }))
      .returning({ id: bookings.id });
    try {
      // Within the minute: the kept sums, saying when they were summed.
      expect(await ask(owner)).toEqual(first);
      // Fresh: summed now, with the new booking.
      const fresh = await ask(owner, true);
      expect(fresh.totalCount).toBe(4);
      expect(Date.parse(fresh.asOf)).toBeGreaterThanOrEqual(Date.parse(first.asOf));
      // The member limited to Lyon asks the same filter: their own scope's sums, never the owner's kept ones.
      await limitTo([DEMO_IDS.locations.lyonAirport]);
      expect((await ask(accountant)).totalCount).toBe(3);
    } finally {
      await t.db.delete(bookings).where(eq(bookings.id, added!.id));
    }
  });
});
