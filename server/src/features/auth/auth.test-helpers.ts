import { desc, eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#server/plugins/session.ts';
import type { TestApp } from '#test/test-app.ts';

// Shared by the auth slice's tests (not loaded by the server).

export async function signInAs(t: TestApp, account: { email: string; password: string }, stayConnected = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sign-in/frontend',
    payload: { email: account.email, password: account.password, stayConnected },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** The `roam_session=…` pair to send back, from an answer that set it. */
export function cookieFrom(res: { cookies: { name: string; value: string }[] }) {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

/** The newest message to an address in the outbox (the mailer records every message there). */
export async function lastMailTo(t: TestApp, to: string) {
  const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  return mail;
}

/**
 * The newest message to an address carrying a link to `screen`: a checkout's confirmation and its activation are
 * written in one transaction, so their `createdAt` (the transaction's time) ties and cannot order them.
 */
export async function lastMailWithLink(t: TestApp, to: string, screen: 'activate' | 'reset-password') {
  const mails = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
  return mails.find((mail) => mail.text.includes(`/${screen}?`));
}

/** u, e and t of the link in a message. */
export function linkParams(text: string, screen: 'activate' | 'reset-password') {
  const match = text.match(new RegExp(`(https?://\\S+/${screen}\\?\\S+)`));
  if (!match) throw new Error(`no ${screen} link in: ${text}`);
  const url = new URL(match[1]!);
  return {
    url,
    userId: url.searchParams.get('u')!,
    email: url.searchParams.get('e')!,
    token: url.searchParams.get('t')!,
  };
}
