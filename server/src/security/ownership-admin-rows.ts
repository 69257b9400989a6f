import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { countries, locations, memberships, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_IDS } from '#server/db/seed/seed.ts';
import { multipartForm } from '#test/multipart.ts';
import type { Expected, Row } from './ownership-matrix.ts';

// The admin's back office in the ownership matrix: users, suppliers, places. Only the admin succeeds;
// anonymous 401, every driver (the record's own too) and every supplier 403. A call that uses up its record (a
// deletion) gets a record of its own.

export const ADMIN_ONLY: Expected = {
  anonymous: 401,
  otherDriver: 403,
  otherSupplier: 403,
  operatingSupplier: 403,
  admin: 200,
  owner: 403,
};
const created: Expected = { ...ADMIN_ONLY, admin: 201 };

const names = (en: string) => ({ en, fr: en, es: en, se: en, de: en });
const location = {
  countryId: DEMO_IDS.countries.FR,
  parentId: null,
  names: names('Matrix Town'),
  kind: 'city',
  address: null,
  latitude: 45,
  longitude: 5,
  timeZone: 'Europe/Paris',
};

let counter = 0;
/** Two letters no seeded country uses, different at each call ("QA", "QB", … then "XA"…). */
const freshCode = () => {
  counter += 1;
  return `${'QXZ'[Math.floor(counter / 26) % 3]}${String.fromCharCode(65 + (counter % 26))}`;
};

const placesFile = (url: string) => {
  const form = multipartForm([
    { name: 'file', value: 'countryCode,nameEn\nFR,Paris\n', filename: 'places.csv', contentType: 'text/csv' },
  ]);
  return { method: 'POST' as const, url, payload: form.payload, headers: form.headers };
};

/** `db`: the suite's database, once its app is up. */
export function adminRows(db: () => Db): Row[] {
  const freshUser = async () => {
    counter += 1;
    const [row] = await db()
      .insert(users)
      .values({ type: 'user', email: `erase-${counter}@example.com`, fullName: 'Erase Me', verified: true })
      .returning({ id: users.id });
    return row!.id;
  };
  /** A supplier invited and not yet active: the one an invitation can be resent to. */
  const invitedSupplier = async () => {
    counter += 1;
    const [row] = await db()
      .insert(users)
      .values({ type: 'supplier', email: `invited-${counter}@example.com`, fullName: 'Invited Rentals' })
      .returning({ id: users.id });
    return row!.id;
  };
  const freshLocation = async () => {
    const [row] = await db().insert(locations).values(location).returning({ id: locations.id });
    return row!.id;
  };
  const freshCountry = async () => {
    const [row] = await db()
      .insert(countries)
      .values({ code: freshCode(), names: names('Matrixland') })
      .returning({ id: countries.id });
    return row!.id;
  };

  return [
    {
      call: 'POST /api/users/{page}/{size}',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'POST', url: '/api/users/1/5', payload: { keyword: 'a' } }),
    },
    {
      call: 'GET /api/admin-user/{id}',
      expected: ADMIN_ONLY,
      request: (f) => ({ method: 'GET', url: `/api/admin-user/${f.userId}` }),
    },
    // Suspension through the profile call: the account's own driver may not lift or set it either.
    {
      call: 'POST /api/update-user (blacklisted)',
      expected: ADMIN_ONLY,
      request: (f) => ({ method: 'POST', url: '/api/update-user', payload: { _id: f.userId, blacklisted: true } }),
    },
    {
      call: 'DELETE /api/delete-user/{id}',
      expected: ADMIN_ONLY,
      request: async () => ({ method: 'DELETE', url: `/api/delete-user/${await freshUser()}` }),
    },
    {
      call: 'POST /api/create-supplier',
      expected: created,
      request: () => {
        counter += 1;
        return {
          method: 'POST',
          url: '/api/create-supplier',
          payload: { fullName: 'Matrix Rentals', email: `matrix-${counter}@example.com` },
        };
      },
    },
    // The house business (docs/decisions/0013-…): made once, so each call first forgets the one an earlier made.
    {
      call: 'GET /api/house-business',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/house-business' }),
    },
    {
      call: 'POST /api/create-house-business',
      expected: created,
      request: async () => {
        await db().delete(memberships).where(eq(memberships.userId, DEMO_ACCOUNTS.admin.id));
        return { method: 'POST', url: '/api/create-house-business' };
      },
    },
    // The run-time booking rules: the deployment's hold, set again, changes nothing for other rows.
    {
      call: 'GET /api/booking-rules',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/booking-rules' }),
    },
    {
      call: 'PUT /api/update-booking-rules',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'PUT', url: '/api/update-booking-rules', payload: { holdMinutes: 30 } }),
    },
    // The site settings: the name back to the environment's, which other rows read unchanged.
    {
      call: 'GET /api/site-settings',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/site-settings' }),
    },
    {
      call: 'PUT /api/update-site-settings',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'PUT', url: '/api/update-site-settings', payload: { websiteName: null } }),
    },
    {
      call: 'POST /api/resend-supplier-invitation/{id}',
      expected: ADMIN_ONLY,
      request: async () => ({ method: 'POST', url: `/api/resend-supplier-invitation/${await invitedSupplier()}` }),
    },
    // The reconciliation: every business's money against the gateways' confirmations.
    {
      call: 'GET /api/reconciliation',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/reconciliation?from=2026-11-01&to=2026-11-30' }),
    },
    {
      call: 'GET /api/admin-locations',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/admin-locations' }),
    },
    // Places import: a file that changes nothing (the demo's Paris, as it is).
    {
      call: 'POST /api/import-locations/preview',
      expected: ADMIN_ONLY,
      request: () => placesFile('/api/import-locations/preview'),
    },
    { call: 'POST /api/import-locations', expected: ADMIN_ONLY, request: () => placesFile('/api/import-locations') },
    // The set-up checklist and its test e-mail.
    {
      call: 'GET /api/setup-status',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: '/api/setup-status' }),
    },
    {
      call: 'POST /api/setup-test-email',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'POST', url: '/api/setup-test-email' }),
    },
    {
      call: 'POST /api/create-location',
      expected: created,
      request: () => ({ method: 'POST', url: '/api/create-location', payload: location }),
    },
    {
      call: 'PUT /api/update-location',
      expected: ADMIN_ONLY,
      request: async () => ({
        method: 'PUT',
        url: '/api/update-location',
        payload: { _id: await freshLocation(), address: '1 Main Street' },
      }),
    },
    {
      call: 'DELETE /api/delete-location/{id}',
      expected: ADMIN_ONLY,
      request: async () => ({ method: 'DELETE', url: `/api/delete-location/${await freshLocation()}` }),
    },
    {
      call: 'GET /api/country/{id}',
      expected: ADMIN_ONLY,
      request: () => ({ method: 'GET', url: `/api/country/${DEMO_IDS.countries.FR}` }),
    },
    {
      call: 'POST /api/create-country',
      expected: created,
      request: () => ({
        method: 'POST',
        url: '/api/create-country',
        payload: { code: freshCode(), names: names('New') },
      }),
    },
    {
      call: 'PUT /api/update-country',
      expected: ADMIN_ONLY,
      request: async () => ({
        method: 'PUT',
        url: '/api/update-country',
        payload: { _id: await freshCountry(), names: { fr: 'Matrixie' } },
      }),
    },
    {
      call: 'DELETE /api/delete-country/{id}',
      expected: ADMIN_ONLY,
      request: async () => ({ method: 'DELETE', url: `/api/delete-country/${await freshCountry()}` }),
    },
  ];
}
