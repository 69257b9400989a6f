import { UserSchema } from '@roam/contract/users.schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, cars, files, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { bombPng, multipart, PDF } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { sweepTemporaryLicenses } from './profile.service.ts';

const { driver, driver2, supplier, admin } = DEMO_ACCOUNTS;

/** A photo with EXIF data (camera make, orientation) as a phone would send it. */
const photo = (format: 'png' | 'jpeg' | 'webp', size = 800) =>
  sharp({ create: { width: size, height: size / 2, channels: 3, background: '#3a7' } })
    .withExif({ IFD0: { Make: 'RoamCam', Copyright: 'secret location' } })
    [format]()
    .toBuffer();

describe('profile calls', () => {
  let t: TestApp;
  let driverCookie: string;
  let driver2Cookie: string;
  let supplierCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    driverCookie = (await signIn(t.db, driver.id)).cookie;
    driver2Cookie = (await signIn(t.db, driver2.id)).cookie;
    supplierCookie = (await signIn(t.db, supplier.id)).cookie;
    adminCookie = (await signIn(t.db, admin.id)).cookie;
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string | undefined, payload?: object) =>
    t.app.inject({ method: 'POST', url, ...(cookie ? { headers: { cookie } } : {}), ...(payload ? { payload } : {}) });
  const upload = (
    url: string,
    cookie: string | undefined,
    field: string,
    name: string,
    type: string,
    bytes: Buffer,
  ) => {
    const body = multipart(field, name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  describe('update-user', () => {
    const profile = {
      _id: driver.id,
      fullName: 'Dana Driver',
      phone: '+33 6 12 34 56 78',
      location: 'Nice',
      bio: 'Hi',
      birthDate: '1990-05-04',
    };

    it('saves the profile fields and answers the updated user; the e-mail is not changeable', async () => {
      const res = await post('/api/update-user', driverCookie, { ...profile, email: 'hijack@example.com' });
      expect(res.statusCode).toBe(200);
      const user = UserSchema.parse(res.json());
      expect(user).toMatchObject({
        fullName: 'Dana Driver',
        phone: '+33 6 12 34 56 78',
        location: 'Nice',
        bio: 'Hi',
        birthDate: '1990-05-04',
        email: driver.email,
      });
    });

    it('refuses a driver younger than the site-wide 18 with the spec message, and takes a 19-year-old', async () => {
      const year = new Date().getUTCFullYear() - 17;
      const res = await post('/api/update-user', driverCookie, { ...profile, birthDate: `${year}-12-31` });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.birthDate).toEqual(['You must be at least 18 years old.']);
      // A car may take drivers from 18 (its own minimum is checked where it is booked).
      const nineteen = await post('/api/update-user', driverCookie, {
        ...profile,
        birthDate: `${new Date().getUTCFullYear() - 20}-01-01`,
      });
      expect(nineteen.statusCode, nineteen.body).toBe(200);
      expect((await post('/api/update-user', driverCookie, profile)).statusCode).toBe(200);
    });

    it('refuses an invalid phone number', async () => {
      const res = await post('/api/update-user', driverCookie, { ...profile, phone: 'call me' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.phone).toEqual(['Invalid phone number']);
    });

    it('is 401 anonymous, 403 for another user, allowed to an admin', async () => {
      expect((await post('/api/update-user', undefined, profile)).statusCode).toBe(401);
      expect((await post('/api/update-user', driver2Cookie, profile)).statusCode).toBe(403);
      const res = await post('/api/update-user', adminCookie, { ...profile, fullName: 'Set by admin' });
      expect(res.statusCode).toBe(200);
      expect(res.json().fullName).toBe('Set by admin');
    });

    it('update-email-notifications switches the preference of the signed-in user', async () => {
      const off = await post('/api/update-email-notifications', driverCookie, { enableEmailNotifications: false });
      expect(off.statusCode).toBe(200);
      expect(off.json().enableEmailNotifications).toBe(false);
      const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
      expect(row!.enableEmailNotifications).toBe(false);
      const foreign = await post('/api/update-email-notifications', driverCookie, {
        _id: driver2.id,
        enableEmailNotifications: false,
      });
      expect(foreign.statusCode).toBe(403);
      expect(
        (await post('/api/update-email-notifications', undefined, { enableEmailNotifications: true })).statusCode,
      ).toBe(401);
    });
  });

  describe('avatar', () => {
    it.each(['png', 'jpeg', 'webp'] as const)(
      'accepts a %s, re-encodes it to a ≤512 px WebP without metadata',
      async (format) => {
        const original = await photo(format);
        expect((await sharp(original).metadata()).exif).toBeDefined();
        const res = await upload(
          `/api/update-avatar/${driver.id}`,
          driverCookie,
          'image',
          `me.${format}`,
          `image/${format}`,
          original,
        );
        expect(res.statusCode).toBe(200);
        const user = UserSchema.parse(res.json());
        const fileId = user.avatar!.split('/').at(-1)!;
        expect(user.avatar).toBe(`/api/files/${fileId}`);
        const served = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta.format).toBe('webp');
        expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
        expect(meta.exif).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(served.rawPayload.includes('RoamCam')).toBe(false);
      },
    );

    it('replacing an avatar deletes the previous file; delete-avatar removes it', async () => {
      const first = (
        await upload(
          `/api/update-avatar/${driver.id}`,
          driverCookie,
          'image',
          'a.png',
          'image/png',
          await photo('png', 100),
        )
      ).json();
      const firstId = first.avatar.split('/').at(-1);
      await upload(
        `/api/update-avatar/${driver.id}`,
        driverCookie,
        'image',
        'b.png',
        'image/png',
        await photo('png', 100),
      );
      expect(await t.db.select().from(files).where(eq(files.id, firstId))).toHaveLength(0);
      const res = await post(`/api/delete-avatar/${driver.id}`, driverCookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().avatar).toBeNull();
    });

    it('reads the type from the content: a PNG named .pdf works, text named .png is refused 415', async () => {
      const renamed = await upload(
        `/api/update-avatar/${driver.id}`,
        driverCookie,
        'image',
        'me.pdf',
        'application/pdf',
        await photo('png', 64),
      );
      expect(renamed.statusCode).toBe(200);
      const text = await upload(
        `/api/update-avatar/${driver.id}`,
        driverCookie,
        'image',
        'me.png',
        'image/png',
        Buffer.from('not an image at all'),
      );
      expect(text.statusCode).toBe(415);
      expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const pdf = await upload(`/api/update-avatar/${driver.id}`, driverCookie, 'image', 'me.png', 'image/png', PDF);
      expect(pdf.statusCode).toBe(415);
    });

    it("'Please add an image.' when the field is missing or is another field", async () => {
      const other = await upload(
        `/api/update-avatar/${driver.id}`,
        driverCookie,
        'picture',
        'me.png',
        'image/png',
        await photo('png', 64),
      );
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('Please add an image.');
      const none = await post(`/api/update-avatar/${driver.id}`, driverCookie, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please add an image.');
    });

    it('refuses an oversized upload with 413 and a decompression bomb before decoding it', async () => {
      const big = Buffer.concat([await photo('png', 64), Buffer.alloc(6 * 1024 * 1024)]);
      const oversized = await upload(
        `/api/update-avatar/${driver.id}`,
        driverCookie,
        'image',
        'big.png',
        'image/png',
        big,
      );
      expect(oversized.statusCode).toBe(413);
      expect(oversized.json().code).toBe('PAYLOAD_TOO_LARGE');
      const bomb = await bombPng();
      expect(bomb.length).toBeLessThan(200);
      const res = await upload(`/api/update-avatar/${driver.id}`, driverCookie, 'image', 'bomb.png', 'image/png', bomb);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The image is too large.');
    });

    it('is 401 anonymous and 403 on another user', async () => {
      const image = await photo('png', 64);
      expect(
        (await upload(`/api/update-avatar/${driver.id}`, undefined, 'image', 'a.png', 'image/png', image)).statusCode,
      ).toBe(401);
      expect(
        (await upload(`/api/update-avatar/${driver.id}`, driver2Cookie, 'image', 'a.png', 'image/png', image))
          .statusCode,
      ).toBe(403);
      expect((await post(`/api/delete-avatar/${driver.id}`, driver2Cookie)).statusCode).toBe(403);
    });
  });

  describe('driver licence', () => {
    let licenseId: string;

    it('create-license stores a signed-in driver’s licence (PDF kept, checked) and links it', async () => {
      const res = await upload('/api/create-license', driverCookie, 'file', 'licence.pdf', 'application/pdf', PDF);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ contentType: 'application/pdf', temporary: false });
      licenseId = res.json()._id;
      const [row] = await t.db.select().from(users).where(eq(users.id, driver.id));
      expect(row!.licenseFileId).toBe(licenseId);
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/user-license/${driver.id}`,
        headers: { cookie: driverCookie },
      });
      expect(info.json().license._id).toBe(licenseId);
    });

    it('refuses a broken PDF and text', async () => {
      const broken = await upload(
        '/api/create-license',
        driverCookie,
        'file',
        'l.pdf',
        'application/pdf',
        Buffer.from('%PDF-1.4 nothing else'),
      );
      expect(broken.statusCode).toBe(415);
      const missing = await upload('/api/create-license', driverCookie, 'image', 'l.pdf', 'application/pdf', PDF);
      expect(missing.statusCode).toBe(400);
    });

    it('GET /api/license/{id}: owner 200, other driver 404, anonymous 401, admin 200', async () => {
      const get = (cookie?: string) =>
        t.app.inject({ method: 'GET', url: `/api/license/${licenseId}`, ...(cookie ? { headers: { cookie } } : {}) });
      const own = await get(driverCookie);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload.equals(PDF)).toBe(true);
      expect((await get(driver2Cookie)).statusCode).toBe(404);
      expect((await get()).statusCode).toBe(401);
      expect((await get(adminCookie)).statusCode).toBe(200);
    });

    it('a supplier reads it only with a booked rental of that driver, from shortly before its pick-up', async () => {
      const get = () =>
        t.app.inject({ method: 'GET', url: `/api/license/${licenseId}`, headers: { cookie: supplierCookie } });
      expect((await get()).statusCode).toBe(404);
      const [car] = await t.db.select().from(cars).where(eq(cars.supplierId, supplier.id)).limit(1);
      const location = Object.values(DEMO_IDS.locations)[0]!;
      const rental = (pickupAt: Date) => ({
        carId: car!.id,
        supplierId: supplier.id,
        driverId: driver.id,
        pickupLocationId: location,
        dropoffLocationId: location,
        pickupAt,
        dropoffAt: new Date(pickupAt.getTime() + 48 * 3600_000),
        blocksCar: false,
        paymentOption: 'payLater' as const,
        price: 10000,
        deposit: 0,
        payNow: 0,
        currency: 'EUR',
        chargedAmount: 0,
      });
      // A cancelled booking grants nothing, nor a booked one whose pick-up is a month away (licence-access.rules.ts).
      await t.db.insert(bookings).values({ ...rental(new Date(Date.now() + 30 * 24 * 3600_000)), status: 'cancelled' });
      await t.db.insert(bookings).values({ ...rental(new Date(Date.now() + 40 * 24 * 3600_000)), status: 'reserved' });
      expect((await get()).statusCode).toBe(404);
      await t.db.insert(bookings).values({ ...rental(new Date(Date.now() + 24 * 3600_000)), status: 'reserved' });
      expect((await get()).statusCode).toBe(200);
    });

    it('update-license replaces the licence (an image re-encoded, metadata stripped); delete-license removes it', async () => {
      const res = await upload(
        `/api/update-license/${driver.id}`,
        driverCookie,
        'file',
        'l.jpg',
        'image/jpeg',
        await photo('jpeg'),
      );
      expect(res.statusCode).toBe(200);
      const newId = res.json()._id;
      expect(newId).not.toBe(licenseId);
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/license/${newId}`,
        headers: { cookie: driverCookie },
      });
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
      // The replaced licence is deleted: no booking carries it.
      expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, licenseId))).toHaveLength(0);
      expect(
        (await upload(`/api/update-license/${driver.id}`, driver2Cookie, 'file', 'l.pdf', 'application/pdf', PDF))
          .statusCode,
      ).toBe(403);
      expect((await post(`/api/delete-license/${driver.id}`, driver2Cookie)).statusCode).toBe(403);
      expect((await post(`/api/delete-license/${driver.id}`, driverCookie)).statusCode).toBe(200);
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/user-license/${driver.id}`,
        headers: { cookie: driverCookie },
      });
      expect(info.json().license).toBeNull();
    });

    it('a guest gets a temporary licence, deletable by its browser only while temporary, swept after 24 hours', async () => {
      const res = await upload('/api/create-license', undefined, 'file', 'l.pdf', 'application/pdf', PDF);
      expect(res.statusCode).toBe(200);
      expect(res.json().temporary).toBe(true);
      const tempId = res.json()._id;
      // The uploading browser: its guest cookie (security/temporary-licence.test.ts has the strangers).
      const guest = res.cookies.find((cookie) => cookie.name === 'roam_guest')!;
      const browser = `${guest.name}=${guest.value}`;
      const [row] = await t.db.select().from(files).where(eq(files.id, tempId));
      expect(row).toMatchObject({ temporary: true, ownerId: null, kind: 'license' });
      // Nobody but an admin reads a guest's upload.
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/license/${tempId}`, headers: { cookie: driverCookie } }))
          .statusCode,
      ).toBe(404);
      expect((await post(`/api/delete-temp-license/${tempId}`, undefined)).statusCode).toBe(404);
      expect((await post(`/api/delete-temp-license/${tempId}`, browser)).statusCode).toBe(200);
      expect((await post(`/api/delete-temp-license/${tempId}`, browser)).statusCode).toBe(404);

      // An attached (non-temporary) licence cannot be deleted through this call.
      const own = (await upload('/api/create-license', driver2Cookie, 'file', 'l.pdf', 'application/pdf', PDF)).json();
      expect((await post(`/api/delete-temp-license/${own._id}`, driver2Cookie)).statusCode).toBe(404);

      const old = (await upload('/api/create-license', undefined, 'file', 'l.pdf', 'application/pdf', PDF)).json()._id;
      const fresh = (await upload('/api/create-license', undefined, 'file', 'l.pdf', 'application/pdf', PDF)).json()
        ._id;
      await t.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
        .where(eq(files.id, old));
      expect(await sweepTemporaryLicenses(t.app.context)).toBe(1);
      const left = await t.db.select({ id: files.id }).from(files).where(eq(files.temporary, true));
      expect(left.map((f) => f.id)).toEqual([fresh]);
      expect(await t.db.select().from(files).where(eq(files.id, own._id))).toHaveLength(1);
    });
  });
});
