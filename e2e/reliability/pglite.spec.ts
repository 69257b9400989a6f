// Reliability on the embedded database (docs/architecture.md §2 and §5): the built server on PGlite is killed
// with SIGKILL while checkouts, then payment confirmations, are in flight; restarted on the same DATA_DIR, it must
// have lost, duplicated and half-written nothing, and the booking rules must still hold. E-mails go to a real local
// SMTP server that answers slowly, so kills land mid-send: what a kill left unsent is delivered after the restart.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  bodyOf,
  type Client,
  checkoutBody,
  DEMO,
  DEMO_CARD,
  fire,
  guestDriver,
  type Json,
  type Outcome,
  period,
  request,
  type ServerProcess,
  signUpDrivers,
  startServer,
  statusOf,
  visitorAddress,
} from './harness.ts';

const PORT = Number(process.env.RELIABILITY_PORT ?? 3500);
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const count = (outcomes: (Outcome | undefined)[], status: number) =>
  outcomes.filter((o) => statusOf(o) === status).length;
const serverErrors = (outcomes: (Outcome | undefined)[]) => outcomes.filter((o) => (statusOf(o) ?? 0) >= 500);

type Row = Record<string, Json>;

/** A real SMTP server that keeps what it receives and answers each message after `delayMs` (a slow relay). */
async function startSlowSmtp() {
  const received: { to: string; text: string }[] = [];
  const state = { delayMs: 0 };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of session.envelope.rcptTo) received.push({ to: to.address, text: mail.text ?? '' });
          setTimeout(done, state.delayMs);
        })
        .catch(done);
    },
  });
  // A client killed mid-session resets its connection: expected here, not a failure of the test.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

test('PGlite: kill -9 during checkout and during payment confirmation, restart, nothing lost or doubled', async () => {
  test.setTimeout(400_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roam-rel-pglite-'));
  const smtp = await startSlowSmtp();
  smtp.state.delayMs = 150;
  const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url };
  const log = (line: string) => console.log(`[reliability:pglite] ${line}`);
  let server: ServerProcess = startServer(PORT, env);
  const restart = async (why: string) => {
    const started = Date.now();
    server = startServer(PORT, env);
    await server.ready;
    log(`restart after ${why}: ready in ${Date.now() - started} ms (PGlite directory opened, migrations run)`);
  };
  try {
    let started = Date.now();
    await server.ready;
    log(`fresh start (migrate + seed): ready in ${Date.now() - started} ms`);
    // Customers, each with an address of their own: a driver's next checkout would release their unpaid hold, and
    // one address keeps only a few unpaid bookings. Signed up over HTTP while SMTP is quick; the storm's
    // customers are guests (the checkout makes their accounts).
    const PAY = 10;
    smtp.state.delayMs = 0;
    started = Date.now();
    const customers = await signUpDrivers(server, PAY + 5, 'reliable');
    log(`${customers.length} drivers signed up in ${Date.now() - started} ms`);
    smtp.state.delayMs = 150;
    const payers = customers.slice(0, PAY);
    const [unpaidDriver, freshDriver, takeoverDriver, blockedDriver, againDriver] = customers.slice(PAY) as Client[];
    const checkout = (client: Client, body: unknown) => client.call(server, 'POST', '/api/checkout', body);
    const guestCheckout = (n: number, body: object) =>
      request('POST', `${server.url}/api/checkout`, {
        body: { ...body, driver: guestDriver(`storm-${n}`) },
        origin: server.url,
        from: visitorAddress(100 + n),
      });

    // Bookings awaiting online payment (paid later in the payment storm), and one left unpaid so its hold lapses.
    const toPay = await Promise.all(
      range(PAY).map((i) => checkout(payers[i]!, checkoutBody(period(200 + 2 * i), i % 2 ? 'deposit' : 'full'))),
    );
    expect(toPay.map((r) => r.status)).toEqual(range(PAY).map(() => 201));
    const payable = toPay.map((r, i) => ({ id: r.body.bookingId as string, driver: payers[i]! }));
    const unpaidPeriod = period(190);
    const unpaid = await checkout(unpaidDriver!, checkoutBody(unpaidPeriod, 'full'));
    expect(unpaid.status).toBe(201);

    // --- 1. kill -9 during checkout ---------------------------------------------------------------------------
    // 60 guest checkouts of one car and period (pay later and online mixed) interleaved with 40 of distinct periods.
    const contended = period(10, 3);
    const CONTENDED = 60;
    const OTHERS = 40;
    const plan = range(CONTENDED + OTHERS).map((i) =>
      i % 5 < 3
        ? { kind: 'contended' as const, when: contended, body: checkoutBody(contended, i % 3 ? 'payLater' : 'full') }
        : {
            kind: 'other' as const,
            when: period(40 + 2 * i),
            body: checkoutBody(period(40 + 2 * i), i % 2 ? 'payLater' : 'full'),
          },
    );
    const storm = fire(plan.map((item, i) => () => guestCheckout(i, item.body)));
    await storm.whenAnswered(20);
    const answeredAtKill = storm.answered();
    await server.kill9();
    await storm.settled;
    const outcomes = storm.outcomes;
    const inFlight = outcomes.filter((o) => o && 'error' in o).length;
    const contendedOutcomes = outcomes.filter((_, i) => plan[i]!.kind === 'contended');
    log(
      `checkout storm: ${plan.length} sent, ${answeredAtKill} answered when killed, ${inFlight} in flight; ` +
        `${count(outcomes, 201)} × 201, ${count(outcomes, 409)} × 409, ${serverErrors(outcomes).length} × 5xx; ` +
        `contended period: ${count(contendedOutcomes, 201)} × 201, ${count(contendedOutcomes, 409)} × 409`,
    );
    expect(inFlight, 'the kill must land while requests are in flight').toBeGreaterThan(0);
    expect(serverErrors(outcomes)).toEqual([]);
    expect(count(contendedOutcomes, 201)).toBeLessThanOrEqual(1);
    for (const o of contendedOutcomes) if (statusOf(o) === 409) expect(bodyOf(o).code).toBe('CAR_UNAVAILABLE');
    const seen201 = outcomes.flatMap((o) => (statusOf(o) === 201 ? [bodyOf(o).bookingId as string] : []));

    await restart('kill -9 during checkout');
    // The session survived (it lives in the database), and a fresh checkout works.
    expect((await unpaidDriver!.call(server, 'GET', `/api/user/${unpaidDriver!.userId}`)).status).toBe(200);
    const fresh = await checkout(freshDriver!, checkoutBody(period(150), 'payLater'));
    expect(fresh.status).toBe(201);

    // --- 2. kill -9 during payment confirmation -----------------------------------------------------------------
    // Every payable booking is paid twice at once (a double click), and the server is killed mid-way.
    const pay = (target: { id: string; driver: Client }) =>
      target.driver.call(server, 'POST', `/api/demo-payment/${target.id}`, DEMO_CARD);
    const payments = fire(payable.flatMap((target) => [() => pay(target), () => pay(target)]));
    await payments.whenAnswered(6);
    const paidAnsweredAtKill = payments.answered();
    await server.kill9();
    await payments.settled;
    const payInFlight = payments.outcomes.filter((o) => o && 'error' in o).length;
    log(
      `payment storm: ${payments.outcomes.length} sent, ${paidAnsweredAtKill} answered when killed, ` +
        `${payInFlight} in flight; ${count(payments.outcomes, 200)} × 200, ${serverErrors(payments.outcomes).length} × 5xx`,
    );
    expect(payInFlight, 'the kill must land while confirmations are in flight').toBeGreaterThan(0);
    expect(serverErrors(payments.outcomes)).toEqual([]);
    for (const o of payments.outcomes) {
      if (statusOf(o) === 200) expect(bodyOf(o)).toMatchObject({ payment: 'paid' });
    }

    // --- What the database holds right after the crash (opened directly: PGlite recovers the killed directory) ----
    started = Date.now();
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
    const rows = async (sql: string, params: unknown[] = []) => (await db.query<Row>(sql, params)).rows;
    const payableIds = payable.map((p) => p.id);
    let contendedWinner: Row | undefined;
    let unsent: Row[] = [];
    try {
      log(`PGlite directory opened after the second kill -9 in ${Date.now() - started} ms`);
      const bookings = await rows(
        `select b.id, b.status, b.blocks_car, b.paid_at, b.car_id, b.pickup_at, b.dropoff_at,
                (select count(*)::int from notifications n
                  where n.booking_id = b.id and n.kind = 'bookingConfirmed' and n.user_id = b.driver_id) as confirmed,
                (select count(*)::int from notifications n
                  where n.booking_id = b.id and n.kind = 'bookingNew' and n.user_id = b.supplier_id) as supplier_new,
                (select count(*)::int from notifications n where n.booking_id = b.id) as notices,
                (select count(*)::int from outbox o where position(b.id::text in o.text) > 0) as mails,
                (case when d.enable_email_notifications then 1 else 0 end
                  + case when s.enable_email_notifications then 1 else 0 end) as mail_recipients
           from bookings b join users d on d.id = b.driver_id join users s on s.id = b.supplier_id
          -- This run's bookings are all of the Clio; the demo data's own (blocked periods, cancellation
          -- requests) are on other cars and were not made through checkout.
          where b.car_id = $1`,
        [DEMO.clio],
      );
      const ids = new Set(bookings.map((b) => b.id as string));
      // Every 201 the client saw is there.
      for (const id of [...seen201, fresh.body.bookingId, ...payableIds]) expect(ids.has(id)).toBe(true);
      // No booking duplicated: one row per car and period, and the rows the client never heard of are at most the
      // requests that were in flight.
      const duplicates = await rows(
        `select car_id, pickup_at, dropoff_at, count(*)::int as n from bookings
          group by car_id, pickup_at, dropoff_at having count(*) > 1`,
      );
      expect(duplicates).toEqual([]);
      const stormIds = new Set(seen201);
      const inStorm = (b: Row) => plan.some((item) => new Date(b.pickup_at).toISOString() === item.when.pickupAt);
      const unseen = bookings.filter((b) => inStorm(b) && !stormIds.has(b.id));
      expect(unseen.length).toBeLessThanOrEqual(inFlight);
      // At most one booking blocks the car for the contended period (and at most one exists at all).
      const onContended = bookings.filter((b) => new Date(b.pickup_at).toISOString() === contended.pickupAt);
      expect(onContended.length).toBeLessThanOrEqual(1);
      contendedWinner = onContended[0];
      // No half-written booking: a booked one (pending/deposit/paid) has exactly its two notices and their e-mails
      // in the outbox; one awaiting payment (void) has none. For the payment storm: each booking is confirmed once
      // with its notices, or still payable without any.
      for (const b of bookings) {
        const booked = b.status !== 'void';
        expect(b.paid_at !== null, `paid_at of ${b.id} (${b.status})`).toBe(['paid', 'deposit'].includes(b.status));
        expect(
          { id: b.id, status: b.status, confirmed: b.confirmed, supplierNew: b.supplier_new, notices: b.notices },
          'notifications of each booking',
        ).toEqual({
          id: b.id,
          status: b.status,
          confirmed: booked ? 1 : 0,
          supplierNew: booked ? 1 : 0,
          notices: booked ? 2 : 0,
        });
        expect(b.mails, `e-mails of ${b.id}`).toBe(booked ? b.mail_recipients : 0);
      }
      const paidAfterCrash = bookings.filter((b) => payableIds.includes(b.id) && b.status !== 'void').length;
      const outbox = await rows(`select status, count(*)::int as n from outbox group by status order by status`);
      log(
        `database after the kills: ${bookings.length} bookings (${seen201.length} storm 201s all present, ` +
          `${unseen.length} committed while their caller saw the connection drop), ${duplicates.length} duplicates, ` +
          `contended period: ${onContended.length} booking (${contendedWinner?.status ?? 'none'}); payments: ` +
          `${paidAfterCrash} of ${PAY} confirmed with their notices, ${PAY - paidAfterCrash} still payable, none half; ` +
          `outbox ${outbox.map((r) => `${r.status}=${r.n}`).join(' ')}; checked in ${Date.now() - started} ms`,
      );
      // Time passes for the other holds (HOLD_MINUTES is at least a minute): the test moves their expiry back.
      const lapsed = await rows(
        `update bookings set hold_expires_at = now() - interval '1 minute'
          where status = 'void' and blocks_car and not (id = any($1::uuid[])) returning id`,
        [payableIds],
      );
      log(`unpaid holds moved past their expiry: ${lapsed.length}`);
      // E-mails the kills interrupted: committed with their booking, never handed to SMTP (pending) or cut off
      // mid-send (sending). Time passes for them too: past the sweeper's grace period, claims gone stale.
      unsent = await rows(
        `update outbox set created_at = created_at - interval '1 minute',
                claimed_at = claimed_at - interval '1 hour', next_attempt_at = null
          where status in ('pending', 'sending') returning "to", text, status::text, attempts`,
      );
      expect(unsent.length, 'the kills must land while e-mails are being sent').toBeGreaterThan(0);
      log(
        `e-mails interrupted by the kills: ${unsent.filter((m) => m.status === 'pending').length} pending, ` +
          `${unsent.filter((m) => m.status === 'sending').length} mid-send`,
      );
    } finally {
      await db.close();
    }

    smtp.state.delayMs = 0;
    const receivedBefore = smtp.received.length;
    await restart('kill -9 during payment confirmation');
    // The restarted server's start-up sweep delivers every interrupted e-mail (at least once: one cut off after SMTP
    // took it may arrive twice).
    started = Date.now();
    const bookingIdIn = (text: Json) =>
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(String(text))?.[0];
    const delivered = (m: Row) =>
      smtp.received
        .slice(receivedBefore)
        .some((mail) => mail.to === m.to && mail.text.includes(bookingIdIn(m.text) ?? String(m.text)));
    await expect.poll(() => unsent.filter((m) => !delivered(m)).length, { timeout: 10_000 }).toBe(0);
    log(`all ${unsent.length} interrupted e-mails delivered over SMTP ${Date.now() - started} ms after the restart`);
    // Confirming again — twice, at once, and once more — completes the rest and changes nothing twice.
    for (let round = 0; round < 2; round++) {
      const replays = await Promise.all(payable.flatMap((target) => [pay(target), pay(target)]));
      for (const res of replays) {
        expect(res.status).toBe(200);
        expect(res.body.payment).toBe('paid');
        expect(['paid', 'deposit']).toContain(res.body.status);
      }
    }
    const notificationsOf = async (client: Client) => {
      const found: { kind: string; bookingId: string | null }[] = [];
      for (let page = 1; ; page++) {
        const res = await client.call(server, 'GET', `/api/Notifications/${client.userId}/${page}/100`);
        expect(res.status).toBe(200);
        found.push(...res.body.results);
        if (found.length >= res.body.totalCount || res.body.results.length === 0) return found;
      }
    };
    for (const { id, driver } of payable) {
      const notices = await notificationsOf(driver);
      expect(notices.filter((n) => n.bookingId === id && n.kind === 'bookingConfirmed')).toHaveLength(1);
    }
    log(`replayed confirmations: all ${PAY} paid, each driver notified exactly once`);

    // The unpaid booking's hold lapsed: the car is free again, someone else books it; the late payment is
    // recorded for a refund and does not take the car back.
    const takeover = await checkout(takeoverDriver!, checkoutBody(unpaidPeriod, 'payLater'));
    expect(takeover.status).toBe(201);
    const late = await unpaidDriver!.call(server, 'POST', `/api/demo-payment/${unpaid.body.bookingId}`, DEMO_CARD);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'void', payment: 'refund' });
    // A pay-later booking still blocks its car (no hold to lapse): the one booked after the first restart.
    const blocked = await checkout(blockedDriver!, checkoutBody(period(150), 'payLater'));
    expect(blocked.status).toBe(409);
    // The contended period: still blocked by a pay-later winner; bookable again when the winner was an unpaid hold.
    const again = await checkout(againDriver!, checkoutBody(contended, 'payLater'));
    expect(again.status).toBe(contendedWinner && contendedWinner.status !== 'void' ? 409 : 201);
    log(
      `after the holds lapsed: unpaid car re-booked (201), late payment → refund; pay-later period → 409; ` +
        `contended period (winner ${contendedWinner?.status ?? 'none'}) → ${again.status}`,
    );
    await server.stop();
  } catch (error) {
    console.error(`[reliability:pglite] server output:\n${server.output()}`);
    throw error;
  } finally {
    await server.kill9().catch(() => {});
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
