import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/** `replyTo` lets the recipient answer someone other than the sender address (contact messages). */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

/** A message recorded in the outbox and not yet handed to SMTP. */
export type QueuedMail = { id: string; mail: Mail };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Records the message in the outbox as `pending` through `db` — pass the transaction of the change the message
   * reports, so the change and its message commit together or not at all — and returns it for `deliver`.
   */
  enqueue(db: DbOrTx, mail: Mail): Promise<QueuedMail>;
  /** Hands a queued message to SMTP (call it after the transaction that queued it committed). */
  deliver(queued: QueuedMail): Promise<void>;
  close(): void;
};

/**
 * Every message is recorded in the outbox first (ARCHITECTURE §5 E-mail), then delivered over SMTP_URL.
 * Without SMTP it stays in the outbox as 'logged' and goes to the log, so nothing is silently lost. A process
 * killed between the commit and the delivery leaves the row `pending`: recorded, visibly undelivered.
 */
export function createMailer(
  db: Db,
  options: { smtpUrl: string | undefined; from: string },
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const enqueue = async (target: DbOrTx, mail: Mail): Promise<QueuedMail> => {
    const [row] = await target
      .insert(outbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
      .returning({ id: outbox.id });
    return { id: row!.id, mail };
  };
  const deliver = async ({ id, mail }: QueuedMail) => {
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
  };
  return {
    enqueue,
    deliver,
    async send(mail) {
      await deliver(await enqueue(db, mail));
    },
    close() {
      transport?.close();
    },
  };
}
