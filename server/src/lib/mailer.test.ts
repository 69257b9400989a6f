import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { outbox } from '../db/schema.ts';
import { createMailer } from './mailer.ts';

const silent = { info() {}, error() {} };

describe('mailer', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let port: number;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
    await t.close();
  });

  it('delivers over real SMTP and records the message as sent in the outbox', async () => {
    const mailer = createMailer(
      t.db,
      { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Roam <no-reply@roam.localhost>' },
      silent,
    );
    await mailer.send({ to: 'driver@example.com', subject: 'Welcome', text: 'Hello https://roam.test/activate?x=1' });
    mailer.close();
    expect(received.at(-1)?.to).toEqual(['driver@example.com']);
    expect(received.at(-1)?.raw).toContain('Subject: Welcome');
    const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(row).toMatchObject({ to: 'driver@example.com', status: 'sent', attempts: 1 });
  });

  it('keeps the message in the outbox as logged when no SMTP is configured', async () => {
    const mailer = createMailer(t.db, { smtpUrl: undefined, from: 'x@y.z' }, silent);
    await mailer.send({ to: 'nobody@example.com', subject: 'Kept', text: 'body' });
    const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(row).toMatchObject({ to: 'nobody@example.com', subject: 'Kept', status: 'logged' });
  });

  it('records a failed delivery and reports it', async () => {
    const mailer = createMailer(t.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z' }, silent);
    await expect(mailer.send({ to: 'fail@example.com', subject: 'Lost?', text: 'body' })).rejects.toThrow();
    mailer.close();
    const [row] = await t.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    expect(row).toMatchObject({ to: 'fail@example.com', status: 'failed' });
    expect(row?.lastError).toBeTruthy();
  });
});
