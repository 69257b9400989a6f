import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isNotNull } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { outbox, sessions as sessionsTable, users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { hashToken, SESSION_COOKIE } from '#server/plugins/session.ts';
import { startFakePaypal, startFakeStripe } from './fake-providers.ts';
import { signIn } from './sign-in.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { createTestApp } from './test-app.ts';

// The security suite's server: every integration configured with known secrets and pointed at local
// test servers, logging at trace level into memory, and every response kept, so a test file can end by proving that
// no password hash, session token, one-time token or configured secret appeared in any response or log line.

export const PROVIDER_SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_SECRET_stripe_key_0123456789',
  STRIPE_WEBHOOK_SECRET: 'whsec_SECRET_webhook_0123456789',
  PAYPAL_CLIENT_SECRET: 'PAYPAL_SECRET_0123456789abcdef',
  RECAPTCHA_SECRET: 'RECAPTCHA_SECRET_0123456789abcdef',
} as const;

/** The reCAPTCHA token the local verify server accepts. */
export const GOOD_RECAPTCHA = 'recaptcha-ok';

export type Actor = keyof typeof DEMO_ACCOUNTS | 'anonymous';

async function startRecaptcha() {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const success =
        form.get('secret') === PROVIDER_SECRETS.RECAPTCHA_SECRET && form.get('response') === GOOD_RECAPTCHA;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function createSecurityApp() {
  const stripe = await startFakeStripe();
  const paypal = await startFakePaypal('paypal-client-id', PROVIDER_SECRETS.PAYPAL_CLIENT_SECRET);
  const recaptcha = await startRecaptcha();
  // With SMTP, as in production. Without SMTP_URL the account links go to the log on purpose (`npm start`
  // users activate from the log), the one case where a one-time token is meant to be in a log line.
  const smtp = await startSmtpCapture();
  const logLines: string[] = [];
  const t = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      ...PROVIDER_SECRETS,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      STRIPE_API_BASE: stripe.base,
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_API_BASE: paypal.base,
      RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
      RECAPTCHA_VERIFY_URL: recaptcha.url,
      SMTP_URL: smtp.url,
    },
    {
      logStream: {
        write(line: string) {
          logLines.push(line);
        },
      },
    },
  );

  const responses: { request: string; status: number; text: string }[] = [];
  const sessionTokens = new Set<string>();

  /** `app.inject`, keeping the response (body and headers but the cookie the server sets on purpose). */
  async function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    const res = await t.app.inject(options);
    for (const cookie of res.cookies)
      if ((cookie.name === SESSION_COOKIE || cookie.name === 'roam_guest') && cookie.value)
        sessionTokens.add(cookie.value);
    const { 'set-cookie': _set, ...headers } = res.headers;
    responses.push({
      request: `${options.method} ${String(options.url).slice(0, 200)}`,
      status: res.statusCode,
      text: `${res.body}\n${JSON.stringify(headers)}`,
    });
    return res;
  }

  const cookies = new Map<string, { cookie: string }>();
  /** Session headers of a demo account (or any user id); `{}` for anonymous. */
  async function as(who: Actor | { id: string }): Promise<{ cookie: string } | Record<string, never>> {
    if (who === 'anonymous') return {};
    const id = typeof who === 'string' ? DEMO_ACCOUNTS[who].id : who.id;
    let headers = cookies.get(id);
    if (!headers) {
      headers = await signIn(t.db, id);
      cookies.set(id, headers);
      sessionTokens.add(headers.cookie.split('=')[1]!);
    }
    return headers;
  }

  /** Signs many users in at once (one insert), for tables of calls; returns their session headers in order. */
  async function asMany(ids: string[]): Promise<{ cookie: string }[]> {
    const tokens = ids.map(() => randomBytes(32).toString('base64url'));
    const expiresAt = new Date(Date.now() + 3600_000);
    await t.db
      .insert(sessionsTable)
      .values(ids.map((userId, i) => ({ tokenHash: hashToken(tokens[i]!), userId, persistent: false, expiresAt })));
    return tokens.map((token, i) => {
      sessionTokens.add(token);
      const headers = { cookie: `${SESSION_COOKIE}=${token}` };
      cookies.set(ids[i]!, headers);
      return headers;
    });
  }

  /** Every secret the server knows or has handed out, with what it is (for a readable failure). */
  async function secrets(): Promise<[string, string][]> {
    const found: [string, string][] = [];
    for (const [name, value] of Object.entries(PROVIDER_SECRETS)) found.push([name, value]);
    found.push(['SESSION_SECRET', t.config.SESSION_SECRET]);
    for (const token of sessionTokens) found.push(['session or guest token', token]);
    const hashes = await t.db.select({ hash: users.passwordHash }).from(users).where(isNotNull(users.passwordHash));
    for (const { hash } of hashes) found.push(['password hash', hash!]);
    for (const account of Object.values(DEMO_ACCOUNTS)) found.push(['demo password', account.password]);
    for (const mail of await t.db.select({ text: outbox.text }).from(outbox)) {
      for (const match of mail.text.matchAll(/[?&](?:t|token)=([A-Za-z0-9_-]{16,})/g))
        found.push(['one-time token', match[1]!]);
    }
    return found;
  }

  /** Every place a secret (or one of `extra`) appeared: responses of this app and its log lines. */
  async function leaks(extra: [string, string][] = []): Promise<string[]> {
    const out: string[] = [];
    const known = [...(await secrets()), ...extra];
    const places = [
      ...responses.map((r) => ({ where: `response to ${r.request} (${r.status})`, text: r.text })),
      ...logLines.map((line, i) => ({ where: `log line ${i}`, text: line })),
    ];
    for (const place of places) {
      if (place.text.includes('$argon2')) out.push(`${place.where}: an argon2 hash`);
      for (const [what, value] of known) {
        const at = place.text.indexOf(value);
        if (at < 0) continue;
        const context = `${place.text.slice(Math.max(0, at - 120), at)}<${what}>${place.text.slice(at + value.length, at + value.length + 40)}`;
        out.push(`${place.where}: ${what} in …${context}…`);
      }
    }
    return out;
  }

  return {
    ...t,
    /** The local card and wallet providers (their sessions and orders can be moved on by a test). */
    stripe,
    paypal,
    inject,
    as,
    asMany,
    responses,
    logLines,
    leaks,
    async close() {
      await t.close();
      await Promise.all([stripe.close(), paypal.close(), recaptcha.close(), smtp.close()]);
    },
  };
}

export type SecurityApp = Awaited<ReturnType<typeof createSecurityApp>>;

/**
 * Every route the app registered, from Fastify's own route tree (HEAD twins of GET left out). A route whose path
 * extends another's is printed as a child of it (`/api/update-car` then `-block`): each line's full path is its
 * parents' path and its own segment, by depth in the tree (four characters a level).
 */
export function registeredRoutes(app: SecurityApp['app']): { method: string; url: string }[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const routes: { method: string; url: string }[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([─└├│\s]*?)[└├]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.trimEnd());
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = `${depth > 0 ? (paths[depth - 1] ?? '') : ''}${match[2]!}`;
    paths[depth] = url;
    paths.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}
