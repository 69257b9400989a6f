import { readFileSync } from 'node:fs';
import type { CarDetails } from '@roam/contract/cars';
import type { OperatorCar } from '@roam/contract/fleet';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, carPhotos, cars, files } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { multipartForm } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A car's photos (docs/architecture.md "Files"): several uploaded at once, each checked by its content and stored at
// 300, 600 and 1200 px wide for `srcset`; reordered; deleted. The first is the car's `image` everywhere the spec's
// calls answer it, and the search shows every change at once.

type Who = Record<string, string>;

const picture = (width: number, height: number, background: string, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

const fileIdOf = (url: string) => url.split('/').pop()!.split(' ')[0]!;

describe('car photos', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
  });
  afterAll(() => t.close());

  const newCar = () => operatorCalls(t).created(supplier, { isDateBasedPrice: false, licensePlate: null });
  const add = (who: Who, carId: string, uploads: Buffer[], names = uploads.map((_, i) => `p${i}.png`)) => {
    const form = multipartForm(
      uploads.map((bytes, i) => ({ name: 'photos', value: bytes, filename: names[i], contentType: 'image/png' })),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/add-car-photos/${carId}`,
      headers: { ...who, ...form.headers },
      payload: form.payload,
    });
  };
  const reorder = (who: Who, carId: string, photoIds: string[]) =>
    t.app.inject({ method: 'POST', url: `/api/reorder-car-photos/${carId}`, headers: who, payload: { photoIds } });
  const remove = (who: Who, carId: string, photoId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/delete-car-photo/${carId}/${photoId}`, headers: who });
  const served = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    return { type: res.headers['content-type'], width: meta.width, height: meta.height };
  };
  const publicCar = async (carId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/car/${carId}?language=fr` })).json() as CarDetails;
  const shownInSearch = async (carId: string) =>
    (await search(t, L.lyon, lyonPeriod(20, 2), DEMO_IDS.suppliers.azurCoast)).results.find((r) => r._id === carId);

  it('the demo cars have two or three photos each; a car with one image gets it as its first photo (0038)', async () => {
    const demo = await publicCar(DEMO_IDS.cars.clio);
    expect(demo.photos.length).toBeGreaterThanOrEqual(2);
    expect(demo.photos.length).toBeLessThanOrEqual(3);
    expect(demo.image).toBe(demo.photos[0]!.url);
    const counts = await t.db.execute(
      sql`select count(*)::int as n from ${cars} c where c.deleted_at is null and
        (select count(*) from ${carPhotos} p where p.car_id = c.id) not between 2 and 3`,
      // Run first: the cars the other tests create have their own counts.
    );
    expect((counts as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // A car as stored before the migration: an image and no photo rows.
    const car = await newCar();
    const [file] = await t.db
      .insert(files)
      .values({ kind: 'carImage', contentType: 'image/webp', size: 3, bytes: Buffer.from([1, 2, 3]) })
      .returning({ id: files.id });
    await t.db.update(cars).set({ imageFileId: file!.id }).where(eq(cars.id, car._id));
    const migration = readFileSync(new URL('../../../drizzle/0038_car_photos.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO'))!;
    await t.db.execute(sql.raw(`${backfill.replace(/"image_file_id" IS NOT NULL/, `"id" = '${car._id}'`)}`));
    const migrated = await publicCar(car._id);
    expect(migrated.photos).toEqual([
      { _id: expect.any(String), url: `/api/files/${file!.id}`, srcset: `/api/files/${file!.id}` },
    ]);
    expect(migrated.image).toBe(`/api/files/${file!.id}`);
  });

  it('adds three at once, in the order sent, each at the sizes shown; the first is the image everywhere', async () => {
    const car = await newCar();
    const res = await add(supplier, car._id, [
      await picture(1600, 1000, '#c33'),
      await picture(800, 800, '#3c3'),
      await picture(500, 300, '#33c'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OperatorCar;
    expect(answer.photos).toHaveLength(3);
    const [wide, square, small] = answer.photos;
    // Within 300×200, 600×400 and 1200×800, never enlarged: a size no smaller than the next is not kept.
    expect(wide!.srcset).toMatch(/^\/api\/files\/\S+ 300w, \/api\/files\/\S+ 600w, \/api\/files\/\S+ 1200w$/);
    expect(square!.srcset).toMatch(/^\/api\/files\/\S+ 200w, \/api\/files\/\S+ 400w, \/api\/files\/\S+ 800w$/);
    expect(small!.srcset).toMatch(/^\/api\/files\/\S+ 300w, \/api\/files\/\S+ 500w$/);
    const [w300, w600, w1200] = wide!.srcset.split(', ').map((size) => `/api/files/${fileIdOf(size)}`);
    expect(w600).toBe(wide!.url);
    expect(await served(w1200!)).toMatchObject({ type: 'image/webp', width: 1200, height: 750 });
    expect(await served(w600!)).toMatchObject({ width: 600, height: 375 });
    expect(await served(w300!)).toMatchObject({ width: 300, height: 188 });
    expect(answer.image).toBe(wide!.url);

    // Anyone reading the car, and the search at once, see the same list and image.
    expect((await publicCar(car._id)).photos).toEqual(answer.photos);
    const found = await shownInSearch(car._id);
    expect([found?.image, found?.photos]).toEqual([answer.image, answer.photos]);
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.carId, car._id), eq(auditLog.entity, 'carImage')));
    expect(trail).toMatchObject({ entity: 'carImage', action: 'create' });
    expect(trail!.changes).toEqual({
      photos: { before: 0, after: 3 },
      image: { before: null, after: answer.image },
    });
  });

  it('reorders (every photo once) and deletes, the image following the first; refused orders change nothing', async () => {
    const car = await newCar();
    const three = (
      await add(supplier, car._id, [
        await picture(900, 600, '#c33'),
        await picture(900, 600, '#3c3'),
        await picture(900, 600, '#33c'),
      ])
    ).json() as OperatorCar;
    const [a, b, c] = three.photos.map((photo) => photo._id) as [string, string, string];

    for (const bad of [
      [a, b],
      [a, b, b],
      [a, b, c, DEMO_IDS.cars.clio],
      [c, b, DEMO_IDS.cars.clio],
    ]) {
      const refused = await reorder(supplier, car._id, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().fieldErrors.photoIds).toEqual(["Send each of the car's photos once, in the new order."]);
    }
    const moved = await reorder(supplier, car._id, [c, a, b]);
    expect(moved.statusCode, moved.body).toBe(200);
    const order = moved.json() as OperatorCar;
    expect(order.photos.map((photo) => photo._id)).toEqual([c, a, b]);
    expect(order.image).toBe(three.photos[2]!.url);
    expect((await shownInSearch(car._id))?.image).toBe(order.image);
    const [stored] = await t.db.select({ image: cars.imageFileId }).from(cars).where(eq(cars.id, car._id));
    expect(`/api/files/${stored!.image}`).toBe(order.image);

    // The first deleted: the next moves up and is the image; its three files are gone.
    const deleted = three.photos[2]!;
    const gone = deleted.srcset.split(', ').map(fileIdOf);
    const after = (await remove(supplier, car._id, c)).json() as OperatorCar;
    expect(after.photos.map((photo) => photo._id)).toEqual([a, b]);
    expect(after.image).toBe(three.photos[0]!.url);
    expect(await t.db.select({ id: files.id }).from(files).where(inArray(files.id, gone))).toEqual([]);
    const positions = await t.db
      .select({ position: carPhotos.position })
      .from(carPhotos)
      .where(eq(carPhotos.carId, car._id));
    expect(positions.map((row) => row.position).sort()).toEqual([0, 1]);

    // Unknown, already gone, or another car's photo: 404, nothing changed.
    const other = await newCar();
    const theirs = ((await add(supplier, other._id, [await picture(400, 300, '#999')])).json() as OperatorCar)
      .photos[0]!;
    expect((await remove(supplier, car._id, c)).statusCode).toBe(404);
    expect((await remove(supplier, car._id, theirs._id)).statusCode).toBe(404);
    expect((await publicCar(other._id)).photos).toEqual([theirs]);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.carId, car._id), eq(auditLog.entity, 'carImage')));
    expect(trail.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1]!.changes.order).toEqual({ before: '1, 2, 3', after: '3, 1, 2' });

    // The last one deleted: the car has no image.
    await remove(supplier, car._id, a);
    const none = (await remove(supplier, car._id, b)).json() as OperatorCar;
    expect([none.image, none.photos]).toEqual([null, []]);
  });

  it('keeps at most ten, checks every file by its content, and keeps nothing of a refused upload', async () => {
    const car = await newCar();
    const png = await picture(320, 200, '#aaa');
    const eleven = await add(
      supplier,
      car._id,
      Array.from({ length: 11 }, () => png),
    );
    expect(eleven.statusCode).toBe(413);
    const text = await add(supplier, car._id, [png, Buffer.from('not an image at all'), png]);
    expect([text.statusCode, text.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect((await publicCar(car._id)).photos).toEqual([]);
    expect(
      (
        await add(
          supplier,
          car._id,
          Array.from({ length: 8 }, () => png),
        )
      ).statusCode,
    ).toBe(200);
    const over = await add(supplier, car._id, [png, png, png]);
    expect([over.statusCode, over.json().code]).toEqual([409, 'CONFLICT']);
    expect((await publicCar(car._id)).photos).toHaveLength(8);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/add-car-photos/${car._id}`,
      headers: supplier,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });

  it('holds the limit when two uploads race for the last places', async () => {
    const car = await newCar();
    const png = await picture(320, 200, '#abc');
    const answers = await Promise.all([
      add(
        supplier,
        car._id,
        Array.from({ length: 6 }, () => png),
      ),
      add(
        supplier,
        car._id,
        Array.from({ length: 6 }, () => png),
      ),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select({ position: carPhotos.position })
      .from(carPhotos)
      .where(eq(carPhotos.carId, car._id));
    expect(rows.map((row) => row.position).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('lets only the car’s operators change its photos', async () => {
    const car = await newCar();
    const png = await picture(320, 200, '#def');
    const photo = ((await add(supplier, car._id, [png])).json() as OperatorCar).photos[0]!;
    const kestrel = await signIn(t.db, DEMO_IDS.suppliers.kestrel);
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    for (const [who, status] of [
      [kestrel, 403],
      [driver, 403],
      [{}, 401],
    ] as const) {
      expect((await add(who, car._id, [png])).statusCode).toBe(status);
      expect((await reorder(who, car._id, [photo._id])).statusCode).toBe(status);
      expect((await remove(who, car._id, photo._id)).statusCode).toBe(status);
    }
    expect((await publicCar(car._id)).photos).toEqual([photo]);
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    expect((await add(admin, car._id, [png])).statusCode).toBe(200);
  });
});
