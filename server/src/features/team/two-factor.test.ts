import type { RecoveryCodes, TwoFactorEnrolment } from '@roam/contract/team';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, twoFactors } from '#server/db/schema.ts';
import { PASSWORDS } from '#server/db/seed/accounts.ts';
import { DEMO_ACCOUNTS } from '#server/db/seed/seed.ts';
import { signIn } from '#test/sign-in.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { matchingStep, newSecret } from './totp.rules.ts';
import { CODE_FAILURES_PER_ACCOUNT } from './two-factor.service.ts';

// Two-step sign-in: TOTP per RFC 6238 with one step of drift either way, a used step never
// accepted again, ten recovery codes each good once, wrong codes limited like passwords, "remember this browser",
// a team that requires it, and the admin's reset. Codes are computed from the secret as an authenticator app would.

const STEP_MS = 30_000;
const codeAt = (secret: string, at: number) => generate({ secret, epoch: Math.floor(at / 1000) });

describe('TOTP window (totp.rules.ts)', () => {
  const secret = newSecret();
  // Mid-step, so that ±1 step is exactly the neighbouring codes.
  const now = new Date(Math.floor(Date.UTC(2026, 10, 28, 12) / STEP_MS) * STEP_MS + 10_000);
  const step = Math.floor(now.getTime() / STEP_MS);

  it('accepts the current code and one step either side, not two', async () => {
    const at = (offset: number) => codeAt(secret, now.getTime() + offset * STEP_MS);
    expect(await matchingStep(secret, await at(0), null, now)).toBe(step);
    expect(await matchingStep(secret, await at(-1), null, now)).toBe(step - 1);
    expect(await matchingStep(secret, await at(1), null, now)).toBe(step + 1);
    expect(await matchingStep(secret, await at(-2), null, now)).toBeNull();
    expect(await matchingStep(secret, await at(2), null, now)).toBeNull();
  });

  it('refuses a code of a step already used, or older', async () => {
    expect(await matchingStep(secret, await codeAt(secret, now.getTime()), step, now)).toBeNull();
    expect(await matchingStep(secret, await codeAt(secret, now.getTime() - STEP_MS), step, now)).toBeNull();
    expect(await matchingStep(secret, await codeAt(secret, now.getTime() + STEP_MS), step, now)).toBe(step + 1);
    expect(await matchingStep(secret, 'abcdef', null, now)).toBeNull();
  });
});

describe('two-step sign-in over the API', () => {
  let t: TestApp;
  let secret = '';
  let recoveryCodes: string[] = [];
  /** The code that turned it on: given again, it is a replay whichever 30-second step the clock is in by then. */
  let enrolmentCode = '';
  const manager = DEMO_ACCOUNTS.manager;
  type Headers = Record<string, string>;
  const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = '10.38.3.1') =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const signInWith = (extra: object, headers: Headers = {}) =>
    post('/api/sign-in/frontend', { email: manager.email, password: manager.password, ...extra }, headers);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('enrols with a QR code; the first code turns it on and shows ten recovery codes once', async () => {
    const headers = await signIn(t.db, manager.id);
    const enrol = await post('/api/two-factor/enrol', {}, headers);
    expect(enrol.statusCode, enrol.body).toBe(200);
    const enrolment = enrol.json() as TwoFactorEnrolment;
    secret = enrolment.secret;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const wrong = await post('/api/two-factor/confirm', { code: '000000' }, headers);
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_CODE' });
    enrolmentCode = await codeAt(secret, Date.now());
    const confirmed = await post('/api/two-factor/confirm', { code: enrolmentCode }, headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    recoveryCodes = (confirmed.json() as RecoveryCodes).recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [stored] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, manager.id));
    expect(stored!.enabledAt).not.toBeNull();
    const status = await t.app.inject({ method: 'GET', url: '/api/two-factor', headers });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('a sign-in then asks the code; a code used once is refused the second time (replay)', async () => {
    expect((await signInWith({})).json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    // The next step's code: the enrolment used the current one, which may not be given again.
    const replayed = await signInWith({ code: enrolmentCode });
    expect(replayed.json()).toMatchObject({ code: 'INCORRECT_CODE' });
    const next = await codeAt(secret, Date.now() + STEP_MS);
    const ok = await signInWith({ code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signInWith({ code: next })).json()).toMatchObject({ code: 'INCORRECT_CODE' });
  });

  it('recovery codes sign in once each, with or without their dash, in any case', async () => {
    const [first, second] = recoveryCodes as [string, string];
    expect((await signInWith({ code: first.toLowerCase() })).statusCode).toBe(200);
    expect((await signInWith({ code: first })).json()).toMatchObject({ code: 'INCORRECT_CODE' });
    expect((await signInWith({ code: second.replace('-', '') })).statusCode).toBe(200);
    const headers = await signIn(t.db, manager.id);
    const status = await t.app.inject({ method: 'GET', url: '/api/two-factor', headers });
    expect(status.json()).toMatchObject({ recoveryCodesLeft: 8 });
  });

  it('new recovery codes after a current code: ten new, shown once; the old ones stop working', async () => {
    const headers = await signIn(t.db, manager.id);
    const refused = await post('/api/two-factor/recovery-codes', { code: '000000' }, headers, '10.38.5.1');
    expect(refused.json()).toMatchObject({ code: 'INCORRECT_CODE' });
    // A recovery code is a current code too: the fourth of the first ten proves the factor.
    const renewed = await post('/api/two-factor/recovery-codes', { code: recoveryCodes[3] }, headers, '10.38.5.1');
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as RecoveryCodes).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => recoveryCodes.includes(code))).toBe(false);
    const status = await t.app.inject({ method: 'GET', url: '/api/two-factor', headers });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // An old, unused code no longer signs in; a new one does, once.
    expect((await signInWith({ code: recoveryCodes[4] })).json()).toMatchObject({ code: 'INCORRECT_CODE' });
    expect((await signInWith({ code: fresh[0] })).statusCode).toBe(200);
    recoveryCodes = fresh.slice(1);
  });

  it('"remember this browser": the signed cookie spares the code for this account only', async () => {
    const third = recoveryCodes[2]!;
    const remembered = await signInWith({ code: third, rememberBrowser: true });
    expect(remembered.statusCode).toBe(200);
    const cookie = remembered.cookies.find((c) => c.name === 'roam_trusted_browser')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(new Date(cookie.expires!).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const headers = { cookie: `roam_trusted_browser=${cookie.value}` };
    expect((await signInWith({}, headers)).statusCode).toBe(200);
    // A cookie altered to name another account is not signed by the server.
    const forged = { cookie: `roam_trusted_browser=${cookie.value.replace(manager.id, DEMO_ACCOUNTS.counter.id)}` };
    expect((await signInWith({}, forged)).json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });

  it('a driver may turn it on too; wrong codes are limited per account: once spent, even a right code waits', async () => {
    const headers = await signIn(t.db, DEMO_ACCOUNTS.driver.id);
    const enrol = await post('/api/two-factor/enrol', {}, headers);
    const driverSecret = (enrol.json() as TwoFactorEnrolment).secret;
    const on = await post('/api/two-factor/confirm', { code: await codeAt(driverSecret, Date.now()) }, headers);
    expect(on.statusCode).toBe(200);
    // Each wrong code from another address: the account's budget, not the address's, runs out.
    for (let i = 0; i < CODE_FAILURES_PER_ACCOUNT.max; i += 1) {
      const res = await post('/api/two-factor/recovery-codes', { code: '123456' }, headers, `10.38.4.${i}`);
      expect(res.json()).toMatchObject({ code: 'INCORRECT_CODE' });
    }
    const right = await codeAt(driverSecret, Date.now() + STEP_MS);
    const spent = await post('/api/two-factor/recovery-codes', { code: right }, headers, '10.38.4.99');
    expect(spent.statusCode).toBe(429);
  });

  it('a team that requires it leads a member without it to enrolment; nothing else answers them', async () => {
    const owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const policy = await t.app.inject({
      method: 'PUT',
      url: '/api/team-policy',
      headers: owner,
      payload: { requireTwoFactor: true },
    });
    expect(policy.statusCode, policy.body).toBe(200);
    const counter = await signIn(t.db, DEMO_ACCOUNTS.counter.id);
    const access = await t.app.inject({ method: 'GET', url: '/api/my-access', headers: counter });
    expect(access.json()).toMatchObject({ twoFactor: { enabled: false, required: true } });
    const list = await post('/api/bookings/1/5', { statuses: [] }, counter);
    expect(list.json()).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    expect(list.statusCode).toBe(403);
    const enrol = await post('/api/two-factor/enrol', {}, counter);
    const code = await codeAt((enrol.json() as TwoFactorEnrolment).secret, Date.now());
    expect((await post('/api/two-factor/confirm', { code }, counter)).statusCode).toBe(200);
    expect((await post('/api/bookings/1/5', { statuses: [] }, counter)).statusCode).toBe(200);
    // Required: it cannot be turned off by the member.
    const off = await post('/api/two-factor/disable', { code: '000000' }, counter);
    expect(off.statusCode).toBe(409);
    await t.app.inject({
      method: 'PUT',
      url: '/api/team-policy',
      headers: owner,
      payload: { requireTwoFactor: false },
    });
  });

  it('a driver turns it on and off; off takes a right code, not the password', async () => {
    const driver = await signIn(t.db, DEMO_ACCOUNTS.driver2.id);
    const enrol = await post('/api/two-factor/enrol', {}, driver, '10.38.3.9');
    const driverSecret = (enrol.json() as TwoFactorEnrolment).secret;
    const first = await codeAt(driverSecret, Date.now() - STEP_MS);
    expect((await post('/api/two-factor/confirm', { code: first }, driver, '10.38.3.9')).statusCode).toBe(200);
    const byPassword = await post('/api/two-factor/disable', { password: PASSWORDS.driver }, driver, '10.38.3.9');
    expect(byPassword.statusCode).toBe(400);
    const wrong = await post('/api/two-factor/disable', { code: '000000' }, driver, '10.38.3.9');
    expect(wrong.json()).toMatchObject({ code: 'INCORRECT_CODE' });
    const off = await post(
      '/api/two-factor/disable',
      { code: await codeAt(driverSecret, Date.now()) },
      driver,
      '10.38.3.9',
    );
    expect(off.statusCode, off.body).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/two-factor', headers: driver });
    expect(status.json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it("the admin's reset removes it and ends the sessions; a support agent may not", async () => {
    const support = await signIn(t.db, DEMO_ACCOUNTS.support.id);
    expect((await post(`/api/reset-two-factor/${manager.id}`, {}, support)).statusCode).toBe(403);
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const before = await t.app.inject({ method: 'GET', url: `/api/admin-user/${manager.id}`, headers: admin });
    expect(before.json()).toMatchObject({ twoFactor: true });
    const managerSession = await signIn(t.db, manager.id);
    const reset = await post(`/api/reset-two-factor/${manager.id}`, {}, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, manager.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, manager.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-access', headers: managerSession })).statusCode).toBe(
      401,
    );
    const after = await t.app.inject({ method: 'GET', url: `/api/admin-user/${manager.id}`, headers: admin });
    expect(after.json()).toMatchObject({ twoFactor: false });
    // Audited, naming the admin who did it.
    const [trail] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, manager.id), eq(auditLog.action, 'resetTwoFactor')));
    expect(trail).toMatchObject({ actorId: DEMO_ACCOUNTS.admin.id, actorRole: 'admin', entity: 'user' });
    expect(trail!.changes).toEqual({ twoFactor: { before: true, after: false } });
    // The password alone signs in; a team that requires it leads them through enrolment again before any work.
    const signedIn = await signInWith({});
    expect(signedIn.statusCode).toBe(200);
    const owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    const policy = { method: 'PUT' as const, url: '/api/team-policy', headers: owner };
    await t.app.inject({ ...policy, payload: { requireTwoFactor: true } });
    const again = await signIn(t.db, manager.id);
    const access = await t.app.inject({ method: 'GET', url: '/api/my-access', headers: again });
    expect(access.json()).toMatchObject({ twoFactor: { enabled: false, required: true } });
    const work = await post('/api/bookings/1/5', { statuses: [] }, again);
    expect(work.json()).toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    await t.app.inject({ ...policy, payload: { requireTwoFactor: false } });
  });

  it('new recovery codes and the reset: refused without a session, and the reset to anyone but the admin', async () => {
    expect((await post('/api/two-factor/recovery-codes', { code: '123456' })).statusCode).toBe(401);
    const owner = await signIn(t.db, DEMO_ACCOUNTS.supplier.id);
    expect((await post(`/api/reset-two-factor/${manager.id}`, {}, owner)).statusCode).toBe(403);
    const admin = await signIn(t.db, DEMO_ACCOUNTS.admin.id);
    const unknown = await post('/api/reset-two-factor/00000000-0000-4000-8000-000000000000', {}, admin);
    expect(unknown.statusCode).toBe(404);
  });
});
