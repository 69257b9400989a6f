import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** `replyTo` lets the recipient answer someone other than the sender address (contact messages). */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/**
 * Every message is recorded in the outbox first (ARCHITECTURE §5 E-mail), then delivered over SMTP_URL.
 * Without SMTP it stays in the outbox as 'logged' and goes to the log, so nothing is silently lost.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl: string | undefined; from: string },
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(outbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
        .returning({ id: outbox.id });
      const id = row!.id;
      if (!transport) {
        await db.update(outbox).set({ status: 'logged' }).where(eq(outbox.id, id));
        log.info({ outboxId: id, to: mail.to, subject: mail.subject }, 'e-mail recorded (no SMTP_URL)');
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
        await db.update(outbox).set({ status: 'sent', sentAt: new Date(), attempts: 1 }).where(eq(outbox.id, id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await db.update(outbox).set({ status: 'failed', attempts: 1, lastError: message }).where(eq(outbox.id, id));
        log.error({ outboxId: id, err: message }, 'e-mail delivery failed');
        throw error;
      }
    },
    close() {
      transport?.close();
    },
  };
}
