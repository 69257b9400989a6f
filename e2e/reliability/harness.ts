// The reliability suite's harness: real server processes (the built server/dist/main.js) that a test
// starts, kills with SIGKILL and restarts, and a small HTTP client that speaks to them as a browser would (session
// cookie, Origin = PUBLIC_URL). No browser and no shared e2e web server: every test owns its processes and ports.
import { seedId } from '../../server/src/db/seed/random.ts';
import { type Json, type Reply, request } from '../harness/server-process.ts';

export { type Json, type Reply, request, type ServerProcess, startServer } from '../harness/server-process.ts';

/** The demo data's fixed ids (server/src/db/seed: ids are computed from stable names, no seed run needed). */
export const DEMO = {
  driver: { id: seedId('user:driver'), email: 'driver@roam.localhost', password: 'Driver-2026!' },
  driver2: { id: seedId('user:driver2'), email: 'driver2@roam.localhost', password: 'Driver-2026!' },
  clio: seedId('car:clio'),
  parisCdg: seedId('location:parisCdg'),
};

/**
 * A signed-in browser: its session cookie and the site's Origin on every state-changing call, from an address of
 * its own (`from`, a loopback address) — many customers, not one visitor the per-address limits would stop.
 */
export type Client = {
  userId: string;
  cookie: string;
  call(server: { url: string }, method: string, pathname: string, body?: unknown): Promise<Reply>;
};

export function clientOf(
  userId: string,
  cookie: string,
  origin: (server: { url: string }) => string,
  from?: string,
): Client {
  return {
    userId,
    cookie,
    call: (server, method, pathname, body) =>
      request(method, `${server.url}${pathname}`, { body, cookie, origin: origin(server), from }),
  };
}

const sessionCookieOf = (res: Reply) => {
  const cookie = res.setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('roam_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie;
};

/** The `n`-th loopback address of the harness's visitors (127.1.0.1, 127.1.0.2, …). */
export const visitorAddress = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

export async function signIn(
  server: { url: string },
  account: { id: string; email: string; password: string },
  from?: string,
): Promise<Client> {
  const res = await request('POST', `${server.url}/api/sign-in/frontend`, {
    body: { email: account.email, password: account.password, stayConnected: true },
    origin: server.url,
    from,
  });
  if (res.status !== 200)
    throw new Error(`sign-in of ${account.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return clientOf(account.id, sessionCookieOf(res), (s) => s.url, from);
}

/**
 * `count` new drivers signed up (and so signed in) over HTTP, each from an address of its own, a few at a time (each
 * sign-up hashes a password). A driver's next checkout releases their unpaid hold, and one address keeps only a few
 * unpaid bookings: bookings meant to stay payable need drivers (and addresses) of their own.
 */
export async function signUpDrivers(server: { url: string }, count: number, label: string): Promise<Client[]> {
  const drivers: Client[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, async (_, j) => {
      const n = start + j;
      const from = visitorAddress(n);
      const res = await request('POST', `${server.url}/api/sign-up`, {
        body: {
          fullName: `Driver ${label} ${n}`,
          email: `${label}-${n}@roam.localhost`,
          phone: '+33 6 12 34 56 78',
          birthDate: '1990-05-06',
          password: 'Driver-2026!',
          tosAccepted: true,
        },
        origin: server.url,
        from,
      });
      if (res.status !== 200)
        throw new Error(`sign-up ${label}-${n} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return clientOf(res.body._id, sessionCookieOf(res), (s) => s.url, from);
    });
    drivers.push(...(await Promise.all(batch)));
  }
  return drivers;
}

/** The driver details of a guest checkout (an account is made for the guest in the booking's transaction). */
export const guestDriver = (label: string) => ({
  fullName: `Guest ${label}`,
  email: `guest-${label}@roam.localhost`,
  phone: '+33 6 12 34 56 78',
  birthDate: '1990-05-06',
  acceptTerms: true,
});

/** 10:00 UTC (11:00 or 12:00 in Paris: within opening hours) `daysAhead` days from now, for `days` days. */
export function period(daysAhead: number, days = 1) {
  const at = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    date.setUTCHours(10, 0, 0, 0);
    return date.toISOString();
  };
  return { pickupAt: at(daysAhead), dropoffAt: at(daysAhead + days) };
}

export function checkoutBody(
  when: { pickupAt: string; dropoffAt: string },
  paymentOption: 'payLater' | 'deposit' | 'full',
  carId = DEMO.clio,
) {
  return {
    carId,
    pickupLocationId: DEMO.parisCdg,
    dropoffLocationId: DEMO.parisCdg,
    ...when,
    extras: {},
    paymentOption,
    currency: 'EUR',
  };
}

/** The demo gateway's succeeding test card (docs/architecture.md §5). */
export const DEMO_CARD = {
  cardholder: 'Camille Martin',
  cardNumber: '4242 4242 4242 4242',
  expiry: `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`,
  cvc: '123',
};

export type Outcome = { status: number; body: Json } | { error: string };

/** Fires every call at once and records what each caller saw: a response, or a broken connection. */
export function fire(calls: (() => Promise<Reply>)[]) {
  const outcomes: (Outcome | undefined)[] = calls.map(() => undefined);
  let answered = 0;
  const all = Promise.all(
    calls.map((call, i) =>
      call().then(
        (res) => {
          outcomes[i] = { status: res.status, body: res.body };
          answered++;
        },
        (error: Error) => {
          outcomes[i] = { error: error.message };
        },
      ),
    ),
  );
  return {
    outcomes,
    answered: () => answered,
    /** Resolves once `n` responses have arrived (or everything settled). */
    async whenAnswered(n: number) {
      while (answered < n && outcomes.some((o) => o === undefined)) await new Promise((r) => setTimeout(r, 5));
    },
    settled: all,
  };
}

export const statusOf = (o: Outcome | undefined) => (o && 'status' in o ? o.status : null);
export const bodyOf = (o: Outcome | undefined): Json => (o && 'body' in o ? o.body : null);
