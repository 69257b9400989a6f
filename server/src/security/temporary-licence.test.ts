import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { checkoutBody, guestDriver } from '#test/booking-fixtures.ts';
import { multipart } from '#test/multipart.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

// A guest's temporary licence (uploaded at checkout, before the account exists) belongs to the
// browser that uploaded it — its guest cookie — not to whoever learns its id: only that browser may delete it or
// attach it to a booking (which would hand the licence to the new account and the supplier).

const GUEST_COOKIE = 'roam_guest';
type Headers = { cookie?: string };

describe('security: a temporary licence belongs to the browser that uploaded it', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  const browserOf = (res: LightMyRequestResponse): Headers => {
    const cookie = res.cookies.find((c) => c.name === GUEST_COOKIE);
    return cookie ? { cookie: `${GUEST_COOKIE}=${cookie.value}` } : {};
  };
  /** A guest's upload; the answer's cookie is the uploading browser. */
  const upload = async (headers: Headers = {}) => {
    const body = multipart('file', 'licence.png', 'image/png', png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-license',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().temporary).toBe(true);
    return { id: res.json()._id as string, browser: { ...headers, ...browserOf(res) } };
  };
  const remove = (id: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/delete-temp-license/${id}`, headers });
  const exists = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id))).length === 1;

  it('another driver, another browser or no cookie cannot delete it; the uploading browser can', async () => {
    const { id, browser } = await upload();
    expect(browser.cookie).toMatch(new RegExp(`^${GUEST_COOKIE}=[A-Za-z0-9_-]{43}$`));
    const other = await upload();
    const strangers: Headers[] = [
      await signIn(t.db, DEMO_ACCOUNTS.driver2.id),
      await signIn(t.db, DEMO_ACCOUNTS.admin.id),
      other.browser,
      {},
    ];
    for (const headers of strangers) {
      const res = await remove(id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    expect(await exists(id)).toBe(true);
    expect((await remove(id, browser)).statusCode).toBe(200);
    expect(await exists(id)).toBe(false);
  });

  it("a browser keeps one guest token: its second upload is its own too; and someone else's cannot be booked", async () => {
    const first = await upload();
    const second = await upload(first.browser);
    expect(second.browser.cookie).toBe(first.browser.cookie);
    const book = (licenseFileId: string, headers: Headers, n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers,
        payload: {
          ...checkoutBody({ carId: DEMO_IDS.cars.licenseRequired, paymentOption: 'full', licenseFileId }, 110 + 4 * n),
          driver: guestDriver(`licence-${n}-${Date.now()}@example.com`),
        },
      });
    const stolen = await book(first.id, (await upload()).browser, 1);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors).toHaveProperty('licenseFileId');
    const own = await book(first.id, first.browser, 2);
    expect(own.statusCode).toBe(201);
    const [row] = await t.db.select().from(files).where(eq(files.id, first.id));
    expect(row).toMatchObject({ temporary: false });
  });
});
