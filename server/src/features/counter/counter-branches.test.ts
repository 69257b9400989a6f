import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { checkOutBody, insertRental, parisAt, setClock } from './counter.test-helpers.ts';

// A member limited to branches works the counter there only (docs/decisions/0010-members-of-a-business.md): a counter
// agent of another branch neither opens nor checks out a booking picked up and returned at Paris-CDG — 404, as
// another fleet's booking — while the agent of that branch, and one limited to none, reach it.

describe('the counter and a member’s branches', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let agent: { cookie: string };
  const counterId = DEMO_ACCOUNTS.counter.id;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signIn(t.db, DEMO_IDS.users.supplier);
    agent = await signIn(t.db, counterId);
  });
  afterAll(() => t.close());

  const limitTo = async (branchIds: string[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/update-member/${counterId}`,
      headers: owner,
      payload: { branchIds },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const open = (id: string) => t.app.inject({ method: 'GET', url: `/api/counter-booking/${id}`, headers: agent });
  const checkOut = (id: string) =>
    t.app.inject({ method: 'POST', url: `/api/check-out/${id}`, headers: agent, payload: checkOutBody() });

  it('another branch’s agent gets 404 on the booking and its check-out; that branch’s agent checks it out', async () => {
    const id = await insertRental(t, 30);
    setClock(t, new Date(parisAt(30).getTime() - 2 * 3600_000));

    await limitTo([DEMO_IDS.locations.lyonAirport]);
    expect((await open(id)).statusCode).toBe(404);
    expect((await checkOut(id)).statusCode).toBe(404);
    const noShow = await t.app.inject({ method: 'POST', url: `/api/no-show/${id}`, headers: agent, payload: {} });
    expect(noShow.statusCode).toBe(404);

    await limitTo([DEMO_IDS.locations.parisCdg]);
    const reached = await open(id);
    expect(reached.statusCode, reached.body).toBe(200);
    const checkedOut = await checkOut(id);
    expect(checkedOut.statusCode, checkedOut.body).toBe(200);

    await limitTo([]);
    expect((await open(id)).statusCode).toBe(200);
  });
});
