import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { bookingRow, checkoutBody, period } from '#test/booking-fixtures.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// An update changes only the fields it carries. Absent means "leave it"; clearing a field is an
// explicit null (or an emptied form field). `{ _id, fullName }` used to null the phone, location, bio and birth date
// — and the driver's next checkout was then refused for want of a birth date.

const { admin } = DEMO_ACCOUNTS;
const FULL = { phone: '+33 6 12 34 56 78', location: 'Nice', bio: 'Drives a lot', birthDate: '1990-05-04' };

describe('security: partial updates erase nothing they were not sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A fresh driver with every profile field filled in, signed in. */
  const newDriver = async (n: number) => {
    const template = (await t.db.query.users.findFirst({ where: eq(users.id, DEMO_ACCOUNTS.driver.id) }))!;
    const { id: _id, email: _email, ...rest } = template;
    const [row] = await t.db
      .insert(users)
      .values({ ...rest, ...FULL, email: `partial-${n}@example.com`, avatarFileId: null, licenseFileId: null })
      .returning();
    return { id: row!.id, headers: await signIn(t.db, row!.id) };
  };
  const profileOf = async (id: string) => {
    const row = (await t.db.query.users.findFirst({ where: eq(users.id, id) }))!;
    return {
      fullName: row.fullName,
      phone: row.phone,
      location: row.location,
      bio: row.bio,
      birthDate: row.birthDate,
      language: row.language,
      enableEmailNotifications: row.enableEmailNotifications,
    };
  };
  const post = (url: string, headers: { cookie: string }, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('update-user with only a name keeps the rest, as the user and as an admin; checkout still works', async () => {
    const driver = await newDriver(1);
    const before = await profileOf(driver.id);
    const own = await post('/api/update-user', driver.headers, { _id: driver.id, fullName: 'Renamed Self' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ ...FULL, fullName: 'Renamed Self' });
    expect(await profileOf(driver.id)).toEqual({ ...before, fullName: 'Renamed Self' });

    const adminHeaders = await signIn(t.db, admin.id);
    const byAdmin = await post('/api/update-user', adminHeaders, { _id: driver.id, fullName: 'Renamed By Admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect(await profileOf(driver.id)).toEqual({ ...before, fullName: 'Renamed By Admin' });

    // The audit's consequence: the driver's next checkout is not refused for a missing birth date.
    const booked = await post('/api/checkout', driver.headers, checkoutBody({}, 61));
    expect(booked.statusCode).toBe(201);
  });

  it('update-user clears a field only when told: null, or an emptied form field', async () => {
    const driver = await newDriver(2);
    const cleared = await post('/api/update-user', driver.headers, { _id: driver.id, phone: null, bio: '' });
    expect(cleared.statusCode).toBe(200);
    expect(await profileOf(driver.id)).toMatchObject({ ...FULL, phone: null, bio: null });
    const birth = await post('/api/update-user', driver.headers, { _id: driver.id, birthDate: null });
    expect(birth.statusCode).toBe(200);
    expect(await profileOf(driver.id)).toMatchObject({ location: FULL.location, birthDate: null, phone: null });
    // A name cannot be cleared: null is refused, and nothing is written.
    const noName = await post('/api/update-user', driver.headers, { _id: driver.id, fullName: null, location: 'X' });
    expect(noName.statusCode).toBe(400);
    expect((await profileOf(driver.id)).location).toBe(FULL.location);
  });

  it('update-email-notifications and update-language change their one field only', async () => {
    const driver = await newDriver(3);
    const before = await profileOf(driver.id);
    const off = { _id: driver.id, enableEmailNotifications: false };
    expect((await post('/api/update-email-notifications', driver.headers, off)).statusCode).toBe(200);
    expect((await post('/api/update-language', driver.headers, { id: driver.id, language: 'de' })).statusCode).toBe(
      200,
    );
    expect(await profileOf(driver.id)).toEqual({ ...before, enableEmailNotifications: false, language: 'de' });
  });

  it('update-booking with some extras keeps the extras it was not sent', async () => {
    const driver = await newDriver(4);
    const [booking] = await t.db
      .insert(bookings)
      .values(
        bookingRow(period(70, 3), {
          driverId: driver.id,
          status: 'pending',
          cancellation: true,
          theftProtection: true,
          // Amendments bought: the Clio's terms then let its driver change the booking.
          amendments: true,
        }),
      )
      .returning({ id: bookings.id });
    const res = await post(`/api/update-booking/${booking!.id}`, driver.headers, { extras: { fullInsurance: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().extras).toMatchObject({ cancellation: true, theftProtection: true, fullInsurance: true });
    const unchosen = await post(`/api/update-booking/${booking!.id}`, driver.headers, {
      extras: { theftProtection: false },
    });
    expect(unchosen.json().extras).toMatchObject({ cancellation: true, theftProtection: false, fullInsurance: true });
  });
});
