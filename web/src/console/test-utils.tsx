import type { OperatorCar, OperatorCarRow } from '@roam/contract/fleet';
import type { User } from '@roam/contract/users';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '#web/app/app';
import { createQueryClient } from '#web/app/query-client';
import { setLanguageChunks } from '#web/i18n/index';
import { STORAGE_KEYS } from '#web/lib/storage';
import { CLIO, DRIVER, PARIS } from '#web/test-fixtures';
import { serveApi } from '#web/test-utils';
import { consoleRoutes } from '#web/console/app/router';
import { CONSOLE_LANGUAGE_CHUNKS } from '#web/console/app/strings';

// The console's screens as an operator meets them: the console at an /operator/ address, signed in, the server stood
// in for by `serveApi` (its answers in the contract's shapes). Its strings as console/main.tsx loads them: a test
// file that imports this module starts i18n (test-utils.tsx, screenTests) with the console's language chunks.
setLanguageChunks(CONSOLE_LANGUAGE_CHUNKS);

export const SUPPLIER: User = { ...DRIVER, _id: CLIO.supplier._id, type: 'supplier', fullName: 'Azur Coast Rentals' };

export const OPERATOR_CLIO: OperatorCar = {
  ...CLIO,
  supplier: { ...CLIO.supplier, priceChangeRate: 10 },
  supplierId: CLIO.supplier._id,
  licensePlate: 'AB-123-CD',
  locationIds: [PARIS._id],
  availability: 'available',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as OperatorCar;

export const CLIO_ROW: OperatorCarRow = {
  _id: CLIO._id,
  name: CLIO.name,
  licensePlate: 'AB-123-CD',
  image: null,
  range: 'mini',
  supplier: { _id: CLIO.supplier._id, name: CLIO.supplier.fullName },
  availability: 'available',
  fullyBooked: false,
  isDateBasedPrice: false,
  dailyPrice: 4000,
  customerDailyPrice: 4400,
  upcomingBookings: 2,
  nextBooking: {
    _id: '5b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
    pickupAt: '2026-12-03T09:00:00.000Z',
    dropoffAt: '2026-12-06T09:00:00.000Z',
    status: 'paid',
  },
  placesCount: 1,
  odometer: 48_250,
  serviceOdometer: null,
};

type Handlers = Parameters<typeof serveApi>[0];

/** `user` signed in, the server answering with `handlers` (and the session and places); the console at `path`. */
export function renderOperator(path: string, handlers: Handlers, user: User = SUPPLIER) {
  window.localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const calls = serveApi({
    'POST /api/validate-access-token': () => new Response('', { status: 200 }),
    'GET /api/validate-access-token': () => new Response('', { status: 200 }),
    [`GET /api/user/${user._id}`]: () => Response.json(user),
    'GET /api/locations': () => Response.json([PARIS]),
    ...handlers,
  });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(consoleRoutes(queryClient), { initialEntries: [path] });
  render(<App router={router} queryClient={queryClient} />);
  return { calls, router };
}
