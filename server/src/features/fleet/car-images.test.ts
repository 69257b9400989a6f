import type { OperatorCar } from '@roam/contract/fleet';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cars, files } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { L, lyonPeriod, operatorCalls, search } from '#test/fleet-fixtures.ts';
import { bombPng, multipart } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A car's image, checked by its content, re-encoded to the cards' size (300×200 shown, stored at
// twice that) with its own proportions, stored in the database and served as every car image is.

const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .toFormat(format)
    .toBuffer();

describe('car images', () => {
  let t: TestApp;
  let supplier: { cookie: string };
  let car: OperatorCar;
  beforeAll(async () => {
    t = await createTestApp();
    supplier = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    car = await operatorCalls(t).created(supplier, { isDateBasedPrice: false });
  });
  afterAll(() => t.close());

  const upload = async (
    headers: Record<string, string>,
    carId: string,
    bytes: Buffer,
    name = 'car.png',
    type = 'image/png',
  ) => {
    const body = multipart('image', name, type, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/update-car-image/${carId}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const served = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return { type: res.headers['content-type'], meta: await sharp(res.rawPayload).metadata() };
  };

  it('re-encodes an upload to WebP within 600×400, keeping its proportions, and search shows it at once', async () => {
    const wide = await upload(supplier, car._id, await picture(1200, 600, 'png'));
    expect(wide.statusCode, wide.body).toBe(200);
    const first = wide.json() as OperatorCar;
    expect(first.image).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const image = await served(first.image!);
    expect([image.type, image.meta.format, image.meta.width, image.meta.height]).toEqual([
      'image/webp',
      'webp',
      600,
      300,
    ]);
    const found = await search(t, L.lyon, lyonPeriod(20, 2), DEMO_IDS.suppliers.azurCoast);
    expect(found.results.find((r) => r._id === car._id)?.image).toBe(first.image);

    // Replaced by a tall JPEG: its own proportions, and the previous file is gone.
    const tall = (await upload(supplier, car._id, await picture(300, 450, 'jpeg'), 'x.jpg', 'image/jpeg')).json();
    expect((await served(tall.image)).meta).toMatchObject({ width: 267, height: 400 });
    const previousId = first.image!.split('/').pop()!;
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, previousId))).toEqual([]);
  });

  it('keeps an image another car still shows (the demo cars share theirs), and removes one on request', async () => {
    const clio = await operatorCalls(t).read(supplier, DEMO_IDS.cars.clio);
    const shared = (clio.json() as OperatorCar).image!.split('/').pop()!;
    const others = await t.db.select({ id: cars.id }).from(cars).where(eq(cars.imageFileId, shared));
    expect(others.length).toBeGreaterThan(1);
    expect((await upload(supplier, DEMO_IDS.cars.clio, await picture(600, 400, 'png'))).statusCode).toBe(200);
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, shared))).toHaveLength(1);

    const removed = await t.app.inject({
      method: 'POST',
      url: `/api/delete-car-image/${car._id}`,
      headers: supplier,
    });
    expect(removed.json().image).toBeNull();
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'carImage'));
    const mine = trail.filter((row) => row.carId === car._id).map((row) => row.action);
    expect(mine).toEqual(['create', 'update', 'delete']);
    const last = trail.filter((row) => row.carId === car._id).at(-1)!;
    expect(last.changes.image?.after).toBeNull();
    expect(JSON.stringify(trail)).not.toMatch(/"data"|base64/);
  });

  it('checks the content, not the name: text, a bomb, nothing; and only the car’s operators may', async () => {
    const text = await upload(supplier, car._id, Buffer.from('not an image at all'), 'car.png');
    expect(text.statusCode).toBe(415);
    expect((await upload(supplier, car._id, await bombPng())).statusCode).toBe(413);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/update-car-image/${car._id}`,
      headers: supplier,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const png = await picture(100, 100, 'png');
    expect((await upload(await signIn(t.db, DEMO_IDS.suppliers.kestrel), car._id, png)).statusCode).toBe(403);
    expect((await upload(await signIn(t.db, DEMO_ACCOUNTS.driver.id), car._id, png)).statusCode).toBe(403);
    expect((await upload({}, car._id, png)).statusCode).toBe(401);
    expect((await upload(await signIn(t.db, DEMO_ACCOUNTS.admin.id), car._id, png)).statusCode).toBe(200);
  });
});
