import { ADMIN_USERS_MESSAGES, type AdminUsersPage } from '@roam/contract/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, cars, files, notifications, sessions, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bookingRow, period } from '#test/booking-fixtures.ts';
import { L, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// The admin lists, reads, verifies, suspends, reactivates and deletes accounts; item 2: suspends
// and deletes suppliers. Suspension (spec §6) ends the account's sessions at once; deletion erases personal data and
// keeps the bookings, anonymised.

describe('admin: users', () => {
  let t: TestApp;
  let admin: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
  });
  afterAll(() => t.close());

  const list = (body: object, page = 1, size = 10, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: `/api/users/${page}/${size}`, headers, payload: body });
  const update = (body: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/update-user', headers, payload: body });
  const remove = (id: string, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'DELETE', url: `/api/delete-user/${id}`, headers });
  const signInWithPassword = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/sign-in/frontend', payload: { email, password } });

  /** A verified driver of its own (the demo driver's password hash), with an avatar, a licence and a notification. */
  async function newDriver(email: string, fullName = 'Dora Driver') {
    const [demo] = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    const { id: _id, avatarFileId: _a, licenseFileId: _l, ...rest } = demo!;
    const [row] = await t.db
      .insert(users)
      .values({ ...rest, email, fullName, phone: '+33 6 11 22 33 44' })
      .returning();
    const bytes = Buffer.from('x');
    const [licence] = await t.db
      .insert(files)
      .values({ kind: 'license', ownerId: row!.id, contentType: 'image/png', size: 1, bytes })
      .returning();
    await t.db.update(users).set({ licenseFileId: licence!.id }).where(eq(users.id, row!.id));
    await t.db.insert(notifications).values({ userId: row!.id, kind: 'bookingConfirmed' });
    return { ...row!, licenceId: licence!.id };
  }

  it('lists by name or e-mail, type, verified and suspended, paged on the server; admins only', async () => {
    const byName = (await list({ keyword: 'camille' })).json() as AdminUsersPage;
    expect(byName.results.map((row) => row.email)).toEqual([DEMO_ACCOUNTS.driver.email]);
    expect(byName.results[0]).toMatchObject({ type: 'user', verified: true, blacklisted: false });
    const jonas = (await list({ keyword: 'jonas' })).json() as AdminUsersPage;
    expect(jonas.results[0]!.bookingCount).toBeGreaterThanOrEqual(2);
    const byEmail = (await list({ keyword: 'SUPPLIER2@roam' })).json() as AdminUsersPage;
    expect(byEmail.results).toHaveLength(1);
    const suspended = (await list({ suspended: true })).json() as AdminUsersPage;
    expect(suspended.results.map((row) => row.email)).toEqual([DEMO_ACCOUNTS.suspended.email]);
    const unverified = (await list({ verified: false, types: ['user'] })).json() as AdminUsersPage;
    expect(unverified.results.map((row) => row.email)).toContain(DEMO_ACCOUNTS.unverified.email);
    expect(unverified.results.every((row) => !row.verified && row.type === 'user')).toBe(true);
    const suppliers = (await list({ types: ['supplier'] }, 2, 3)).json() as AdminUsersPage;
    expect(suppliers.totalCount).toBe(8);
    expect(suppliers.results).toHaveLength(3);
    // A wildcard in the keyword is a letter.
    expect(((await list({ keyword: '%' })).json() as AdminUsersPage).totalCount).toBe(0);
    expect((await list({ types: ['nobody'] })).statusCode).toBe(400);
    expect((await list({}, 1, 10, {})).statusCode).toBe(401);
    expect((await list({}, 1, 10, await signIn(t.db, DEMO_ACCOUNTS.supplier.id))).statusCode).toBe(403);
    expect((await list({}, 1, 10, await signIn(t.db, DEMO_ACCOUNTS.driver.id))).statusCode).toBe(403);
  });

  it("reads a user's profile with their bookings", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user/${DEMO_ACCOUNTS.driver2.id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { user, bookings: rows, bookingCount } = res.json();
    expect(user).toMatchObject({ _id: DEMO_ACCOUNTS.driver2.id, email: DEMO_ACCOUNTS.driver2.email });
    expect(bookingCount).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ carName: expect.any(String), counterpart: expect.any(String) });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user/${crypto.randomUUID()}`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('counts the bookings that hold a car now or later, which suspending would leave without their driver', async () => {
    const driver = await newDriver('upcoming@example.com', 'Ulla Upcoming');
    await t.db
      .insert(bookings)
      .values([
        bookingRow(period(90, 2), { driverId: driver.id, status: 'reserved' }),
        bookingRow(period(95, 2), { driverId: driver.id, status: 'paid' }),
        bookingRow(period(100, 2), { driverId: driver.id, status: 'cancelled', blocksCar: false }),
        bookingRow(period(-20, 2), { driverId: driver.id, status: 'paid' }),
      ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin-user/${driver.id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bookingCount: 4, upcomingCount: 2, twoFactor: false, member: false });
    // A business's member is told apart from a business (its own account is none).
    const member = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user/${DEMO_ACCOUNTS.counter.id}`,
      headers: admin,
    });
    expect(member.json()).toMatchObject({ member: true });
    const business = await t.app.inject({
      method: 'GET',
      url: `/api/admin-user/${DEMO_ACCOUNTS.supplier.id}`,
      headers: admin,
    });
    expect(business.json()).toMatchObject({ member: false });
  });

  it('verifies, then suspends — sessions end at once, sign-in is refused — and reactivates; each audited', async () => {
    const driver = await newDriver('suspend-me@example.com');
    await t.db.update(users).set({ verified: false }).where(eq(users.id, driver.id));
    const session = await signIn(t.db, driver.id);
    expect((await update({ _id: driver.id, verified: true })).json()).toMatchObject({ verified: true });
    const suspended = await update({ _id: driver.id, blacklisted: true });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // Only the flag changed: an update changes only the fields it carries.
    expect(suspended.json()).toMatchObject({ blacklisted: true, fullName: 'Dora Driver', phone: '+33 6 11 22 33 44' });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, driver.id))).toEqual([]);
    const afterwards = await t.app.inject({ method: 'GET', url: `/api/user/${driver.id}`, headers: session });
    expect(afterwards.statusCode).toBe(401);
    const refused = await signInWithPassword('suspend-me@example.com', DEMO_ACCOUNTS.driver.password);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account is suspended.' });
    expect((await update({ _id: driver.id, blacklisted: false })).json()).toMatchObject({ blacklisted: false });
    expect((await signInWithPassword('suspend-me@example.com', DEMO_ACCOUNTS.driver.password)).statusCode).toBe(200);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, driver.id)))
      .orderBy(auditLog.at);
    expect(trail.map((row) => row.changes)).toEqual([
      { verified: { before: false, after: true } },
      { blacklisted: { before: false, after: true } },
      { blacklisted: { before: true, after: false } },
    ]);
    expect(trail.every((row) => row.actorId === DEMO_ACCOUNTS.admin.id)).toBe(true);
  });

  it('keeps the flags to the admin: anyone else changing one gets 403 and nothing is written', async () => {
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const refused = await update({ _id: DEMO_ACCOUNTS.driver.id, fullName: 'Changed', blacklisted: true }, driver);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().fieldErrors).toEqual({ blacklisted: [ADMIN_USERS_MESSAGES.adminOnlyFlags] });
    const [row] = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS.driver.id));
    expect(row).toMatchObject({ fullName: DEMO_ACCOUNTS.driver.fullName, blacklisted: false });
    // Sending back the values read passes.
    const same = await update({ _id: DEMO_ACCOUNTS.driver.id, verified: true, blacklisted: false, bio: 'Hi' }, driver);
    expect(same.statusCode, same.body).toBe(200);
    const selfSuspend = await update({ _id: DEMO_ACCOUNTS.admin.id, blacklisted: true });
    expect(selfSuspend.statusCode).toBe(409);
  });

  it('refuses to delete while a booking holds a car now or later; else erases the person, keeps the bookings', async () => {
    const driver = await newDriver('delete-me@example.com', 'Delia Deleted');
    const [future] = await t.db
      .insert(bookings)
      .values(bookingRow(period(70, 2), { driverId: driver.id, status: 'pending' }))
      .returning();
    const refused = await remove(driver.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_USERS_MESSAGES.deleteBooked);
    expect((await t.db.select().from(users).where(eq(users.id, driver.id)))[0]!.deletedAt).toBeNull();
    await t.db
      .update(bookings)
      .set({
        status: 'cancelled',
        blocksCar: false,
        additionalDriverDetails: { fullName: 'Ann', email: 'ann@example.com', phone: '1', birthDate: '1990-01-01' },
      })
      .where(eq(bookings.id, future!.id));
    const session = await signIn(t.db, driver.id);
    const done = await remove(driver.id);
    expect(done.json()).toEqual({ _id: driver.id, deleted: true });
    const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
    expect(row).toMatchObject({ email: `deleted-${driver.id}@deleted.invalid`, fullName: '—', phone: null });
    expect(row).toMatchObject({ passwordHash: null, licenseFileId: null, deletedAt: expect.any(Date) });
    expect(await t.db.select().from(files).where(eq(files.id, driver.licenceId))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, driver.id))).toEqual([]);
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, future!.id));
    expect(kept).toMatchObject({ driverId: driver.id, additionalDriverDetails: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/user-license/x', headers: session })).statusCode).toBe(401);
    expect((await signInWithPassword('delete-me@example.com', DEMO_ACCOUNTS.driver.password)).statusCode).toBe(401);
    expect(((await list({ keyword: 'delia' })).json() as AdminUsersPage).totalCount).toBe(0);
    expect((await remove(driver.id)).statusCode).toBe(404);
    const [trail] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, driver.id));
    expect(trail).toMatchObject({ action: 'delete', changes: { deleted: { before: false, after: true } } });
    expect(JSON.stringify(trail!.changes)).not.toContain('Delia');
    expect((await remove(DEMO_ACCOUNTS.admin.id)).statusCode).toBe(409);
  });

  it('deletes a supplier only when no booking holds its cars; its fleet leaves search at once', async () => {
    const KESTREL = DEMO_IDS.suppliers.kestrel;
    const kestrel = await signIn(t.db, KESTREL);
    const car = await operatorCalls(t).created(admin, { supplierId: KESTREL, licensePlate: 'KE-001-ST' });
    const when = lyonPeriod(60, 2);
    expect((await search(t, L.lyonAirport, when, KESTREL)).results.map((r) => r._id)).toContain(car._id);
    const [held] = await t.db
      .insert(bookings)
      .values(
        bookingRow(lyonPeriod(80, 2), {
          carId: car._id,
          supplierId: KESTREL,
          pickupLocationId: L.lyonAirport,
          dropoffLocationId: L.lyonAirport,
        }),
      )
      .returning();
    expect((await remove(KESTREL)).statusCode).toBe(409);
    await t.db.update(bookings).set({ status: 'cancelled', blocksCar: false }).where(eq(bookings.supplierId, KESTREL));
    const done = await remove(KESTREL);
    expect(done.statusCode, done.body).toBe(200);
    expect((await search(t, L.lyonAirport, when, KESTREL)).results).toEqual([]);
    const fleet = await t.db.select().from(cars).where(eq(cars.supplierId, KESTREL));
    expect(fleet.every((row) => row.deletedAt !== null)).toBe(true);
    // The business name stays on its past bookings; the supplier list and its sessions do not keep it.
    const [row] = await t.db.select().from(users).where(eq(users.id, KESTREL));
    expect(row!.fullName).not.toBe('—');
    expect((await t.db.select().from(bookings).where(eq(bookings.id, held!.id)))[0]!.supplierId).toBe(KESTREL);
    const suppliers = await t.app.inject({ method: 'GET', url: '/api/suppliers' });
    expect(suppliers.json().map((s: { _id: string }) => s._id)).not.toContain(KESTREL);
    expect((await t.app.inject({ method: 'GET', url: `/api/supplier/${KESTREL}`, headers: kestrel })).statusCode).toBe(
      401,
    );
  });
});
