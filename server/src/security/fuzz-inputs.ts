import { SESSION_COOKIE } from '#server/plugins/session.ts';

// The fuzz suite's inputs (fuzz.test.ts): seeded generators of malformed params, bodies, query strings and
// headers. A new body key worth mistyping goes in `wrongTyped`'s list.

export const seedOf = (text: string) =>
  [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);

export type Random = () => number;
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const uuidFrom = (random: Random) =>
  'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => Math.floor(random() * 16).toString(16));

export const PARAMS: ((random: Random) => string)[] = [
  () => 'not-a-uuid',
  uuidFrom,
  () => encodeURIComponent('ünï€ødé-💩'),
  () => 'x'.repeat(5000),
  () => '..%2F..%2Fetc%2Fpasswd',
  () => '..',
  () => '-1',
  () => '0',
  () => '1e308',
  () => '%00',
  () => encodeURIComponent("' OR 1=1; DROP TABLE users;--"),
  () => 'null',
  () => '%E0%A4%A',
];

const deep = (depth: number) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value, b: [value === 'bottom' ? 1 : null] };
  return value;
};
const wrongTyped = (random: Random) => {
  const values = [null, 1, -1, 1e308, true, 'x', [], {}, [1, 2], { $gt: '' }, 'x'.repeat(10_000), '2026-13-45'];
  const keys = [
    'email',
    'password',
    '_id',
    'id',
    'userId',
    'ids',
    'all',
    'status',
    'language',
    'token',
    'carId',
    'pickupAt',
    'dropoffAt',
    'extras',
    'fullName',
    'bookingId',
    'newPassword',
    'currentPassword',
    'stayConnected',
    'provider',
    'currency',
    'paymentOption',
    // Managing a booking without an account.
    'reference',
    // The operator console's bodies.
    'supplierId',
    'name',
    'licensePlate',
    'locationIds',
    'dailyPrice',
    'discountedDailyPrice',
    'dateBasedPrices',
    'isDateBasedPrice',
    'availability',
    'startAt',
    'endAt',
    'reason',
    'note',
    'priceChangeRate',
    'message',
    'keyword',
    // The counter (docs/architecture.md §5 "After the booking").
    'odometer',
    'fuel',
    'licence',
    'signature',
    'damages',
    'checklist',
    'swap',
    'returnedAt',
    'expectedTotal',
    'amount',
    'kind',
    'chargeRules',
    'overrides',
    // The admin's back office.
    'blacklisted',
    'verified',
    'types',
    'suspended',
    'names',
    'countryId',
    'parentId',
    'timeZone',
    'latitude',
    'longitude',
    'address',
    'code',
    'kind',
    // The scheduler and the dashboard.
    'locationId',
    'from',
    'to',
    'ranges',
    // Walk-in and phone bookings.
    'customer',
    'payment',
  ];
  return Object.fromEntries(keys.map((key) => [key, pick(random, values)]));
};

type Body = { payload?: string | Buffer; contentType?: string };
export const BODIES: ((random: Random) => Body)[] = [
  () => ({ payload: '{}', contentType: 'application/json' }),
  () => ({ payload: '[]', contentType: 'application/json' }),
  () => ({ payload: 'null', contentType: 'application/json' }),
  () => ({ payload: '"a string"', contentType: 'application/json' }),
  () => ({ payload: '12345', contentType: 'application/json' }),
  () => ({ payload: '{"a":', contentType: 'application/json' }),
  () => ({
    payload: '{"__proto__":{"type":"admin"},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  }),
  () => ({ payload: JSON.stringify(deep(400)), contentType: 'application/json' }),
  (random) => ({ payload: JSON.stringify(wrongTyped(random)), contentType: 'application/json' }),
  (random) => ({ payload: JSON.stringify([wrongTyped(random)]), contentType: 'application/json' }),
  () => ({ payload: JSON.stringify({ email: 'a'.repeat(900_000) }), contentType: 'application/json' }),
  () => ({ payload: 'email=a@b.c&password=x', contentType: 'application/x-www-form-urlencoded' }),
  () => ({ payload: 'plain text', contentType: 'text/plain' }),
  () => ({ payload: '--x\r\nbroken', contentType: 'multipart/form-data' }),
  () => ({
    payload: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
    contentType: 'multipart/form-data; boundary=b',
  }),
  () => ({ payload: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), contentType: 'application/json; charset=utf-16' }),
  () => ({ payload: '{}', contentType: 'application/xml' }),
  () => ({}),
];

export const QUERIES = [
  '',
  '?language=xx',
  '?language[]=en&language[]=fr',
  '?page=-1&size=1e9&from=not-a-date',
  `?q=${'x'.repeat(6000)}`,
  '?%ZZ=1&a=%E0%A4%A',
  '?__proto__[admin]=1',
  '?amount=NaN&from=EUR&to=ZZZ',
];

export const HEADERS: Record<string, string>[] = [
  {},
  { cookie: `${SESSION_COOKIE}=garbage` },
  { cookie: `${SESSION_COOKIE}=${'A'.repeat(4000)}` },
  { cookie: `${SESSION_COOKIE}=%E0%A4%A; other=1` },
  { 'x-filler': 'x'.repeat(16_000) },
  { 'accept-language': 'zz-ZZ;q=abc,,,' },
  { 'x-forwarded-for': 'not-an-ip, ::ffff:999.1.1.1' },
  { accept: 'application/xml' },
];
